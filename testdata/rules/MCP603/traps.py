"""Traps: lists built at start-up or by a watcher, look-alike calls in tools."""

import logging

from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("files")


def purge_cache() -> str:
    return "purged"


# ok: MCP603
mcp.add_tool(purge_cache)


def on_plugins_changed(plugins: list) -> None:
    for plugin in plugins:
        # ok: MCP603
        mcp.add_tool(plugin)


async def watcher(session) -> None:
    # ok: MCP603
    await session.send_tool_list_changed()


@mcp.tool()
async def tidy(ctx: Context, items: list[str]) -> str:
    """Tidy the given items (read-only listing)."""
    seen: set[str] = set()
    # ok: MCP603
    seen.add("x")
    # ok: MCP603
    items.remove("x")
    # ok: MCP603
    logging.disable(logging.DEBUG)
    # ok: MCP603
    # expect: MCP302
    await ctx.info("tidied")
    # ok: MCP603
    return ",".join(sorted(seen))


server = MCPServer("decorated")


# ok: MCP603
@server.tool()
async def lookup(ctx: Context, key: str) -> str:
    """Look a key up (a decorator registers its own function at start-up)."""
    return key
