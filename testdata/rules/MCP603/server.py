"""Tools that change the lists as a side effect of a call."""

from mcp.server.lowlevel import Server
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("wizard")


@mcp.tool()
async def unlock_admin(ctx: Context) -> str:
    # expect: MCP603
    mcp.add_tool(purge_cache)
    # expect: MCP603
    await ctx.session.send_tool_list_changed()
    return "unlocked"


@mcp.tool()
async def finish_setup(ctx: Context) -> str:
    # expect: MCP603
    mcp.remove_tool("finish_setup")
    # expect: MCP603
    mcp.add_prompt(next_steps)
    # expect: MCP603
    await ctx.session.send_prompt_list_changed()
    return "done"


@mcp.prompt()
async def next_steps(ctx: Context) -> str:
    # expect: MCP603
    await ctx.session.send_resource_list_changed()
    return "Read the guide"


def purge_cache() -> str:
    return "purged"


mcp_plugins = MCPServer("plugins")


@mcp_plugins.tool()
async def install(ctx: Context, name: str) -> str:  # expect: MCP601
    # expect: MCP603
    @mcp_plugins.tool()
    async def installed(ctx: Context) -> str:
        return name

    return "installed"


server = Server("lowlevel")


@server.call_tool()
async def call(name: str, arguments: dict):
    tool = await lookup(name)
    # expect: MCP603
    tool.disable()
    return []


async def lookup(name: str):
    return None
