"""A lowlevel server that listens for the client's roots changing (v1 and v2 spellings)."""

from mcp import types
from mcp.server.lowlevel import Server

server = Server("files")


# expect: MCP304
async def on_roots(notification: types.RootsListChangedNotification) -> None:
    await refresh_roots()


# expect: MCP304
server.notification_handlers[types.RootsListChangedNotification] = on_roots

# expect: MCP304
v2 = Server("files", on_roots_list_changed=on_roots)


class Dispatcher:
    # expect: MCP304
    async def handle_roots_list_changed(self, params: dict) -> None:
        await refresh_roots()


async def refresh_roots() -> None:
    return None
