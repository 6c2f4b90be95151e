"""Server-initiated requests from Python tools, and calls that only share their names."""

from mcp.server.fastmcp import Context, FastMCP  # expect: MCP203
import mcp.types as types

mcp = FastMCP("travel")


@mcp.tool()
async def book(city: str, ctx: Context) -> str:
    answer = await ctx.elicit("Which dates?", schema=Dates)  # expect: MCP305
    summary = await ctx.session.create_message(  # expect: MCP305
        messages=[types.SamplingMessage(role="user", content=types.TextContent(type="text", text=city))],
        max_tokens=100,
    )
    roots = await ctx.session.list_roots()  # expect: MCP305
    return f"{answer} {summary} {roots}"


async def ask(session):
    await session.elicit_form("Confirm?", requested_schema={})  # expect: MCP305
    await session.elicit_url("Sign in", url="https://example.com", elicitation_id="1")  # expect: MCP305, MCP307
    return await session.send_request({"method": "sampling/createMessage"})  # expect: MCP305


def near_misses(db, llm, stats):
    db.create_message(text="hi")  # ok: MCP305
    llm.sample(prompt="x")  # ok: MCP305
    stats.sample(10)  # ok: MCP305
    roots = ["/", "/tmp"]  # ok: MCP305
    method = "tools/list"  # ok: MCP305
    return roots, method


def list_roots_of(tree):  # ok: MCP305
    return tree
