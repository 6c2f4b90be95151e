"""A ping call that is a statement of its own is removed with its line (unsafe)."""

from mcp import ClientSession


async def keep_alive(session: ClientSession) -> None:
    print("still connected")
