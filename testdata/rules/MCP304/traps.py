"""Traps: roots that stay valid, other list changes, look-alike names."""

from mcp import types

# ok: MCP304
plain = types.ClientCapabilities(roots=types.RootsCapability())

# ok: MCP304
quiet = types.RootsCapability(listChanged=False)

# ok: MCP304
tools = types.ServerCapabilities(tools=types.ToolsCapability(listChanged=True))

# ok: MCP304
server_caps = {"tools": {"listChanged": True}, "prompts": {"listChanged": True}}

# ok: MCP304
tree = {"roots": {"listChanged": None}}


def on_folders(roots_changed) -> None:
    # ok: MCP304
    roots_changed()


async def announce(session) -> None:
    # ok: MCP304
    await session.send_tool_list_changed()


def assert_quiet(sent: list[str]) -> None:
    # The notification is gone: nothing is sent.
    # ok: MCP304
    assert "notifications/roots/list_changed" not in sent


class Workspace:
    # ok: MCP304
    def roots_list_changed(self) -> bool:
        return False
