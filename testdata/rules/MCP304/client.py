"""A Python SDK client that announces its roots changing."""

from mcp import ClientSession, types


async def open_folder(session: ClientSession, folders: list[str], path: str) -> None:
    folders.append(path)
    # expect: MCP304
    await session.send_roots_list_changed()


def capabilities() -> types.ClientCapabilities:
    # expect: MCP304
    return types.ClientCapabilities(roots=types.RootsCapability(listChanged=True))


def capabilities_snake() -> types.ClientCapabilities:
    # expect: MCP304
    return types.ClientCapabilities(roots=types.RootsCapability(list_changed=True))


# A hand-written client's capabilities, as raw JSON.
HELLO = {
    "protocolVersion": "2026-07-28",
    # expect: MCP304
    "capabilities": {"roots": {"listChanged": True}},
}


async def on_workspace_change(client, roots: list) -> None:
    client.set_roots(roots)
    # expect: MCP304
    await client.send_roots_list_changed()


async def notify(write) -> None:
    # expect: MCP304
    await write({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"})
