"""The roots change notification call is removed with its line (unsafe: pass paths as tool arguments)."""

from mcp import ClientSession

roots: list[str] = []


async def add_folder(session: ClientSession, uri: str) -> None:
    roots.append(uri)
    await session.send_roots_list_changed()

