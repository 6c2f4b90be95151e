"""Traps: form elicitation, a tool's own argument named elicitation_id, other error codes."""

# expect: MCP203
from mcp.server.fastmcp import Context, FastMCP

mcp = FastMCP("survey")


@mcp.tool()
async def survey(ctx: Context, schema) -> str:
    # ok: MCP307
    # expect: MCP305
    answer = await ctx.elicit(message="How was it?", schema=schema)
    return answer.action


@mcp.tool()
# ok: MCP307
async def lookup(elicitation_id: str) -> str:
    """A tool whose own argument has the name."""
    return elicitation_id


# ok: MCP307
METHOD_NOT_FOUND = -32601

# ok: MCP307
ELICITATION_TIMEOUT_S = 32042


def describe(flow: dict) -> str:
    # ok: MCP307
    return flow.get("kind", "form")


def form_params() -> dict:
    # ok: MCP307
    return {"mode": "form", "message": "Your name?", "requestedSchema": {"type": "object"}}
