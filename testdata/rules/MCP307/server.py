"""A FastMCP 1.x server on the 2025 URL-elicitation flow."""

from mcp import types
# expect: MCP203
from mcp.server.fastmcp import Context, FastMCP
from mcp.shared.exceptions import UrlElicitationRequiredError

mcp = FastMCP("billing")


@mcp.tool()
async def link_account(ctx: Context, provider: str) -> str:
    params = types.ElicitRequestURLParams(
        mode="url",
        message="Sign in to link your account",
        url="https://example.com/oauth",
        # expect: MCP307
        elicitationId="link-1",
    )
    # expect: MCP307
    raise UrlElicitationRequiredError([params])


@mcp.tool()
async def authorize(ctx: Context) -> str:
    # expect: MCP305, MCP307
    result = await ctx.elicit_url(message="Approve", url="https://example.com/approve", elicitation_id="approve-1")
    return result.action


async def finished(session, pending: dict) -> None:
    # expect: MCP307
    await session.send_elicit_complete(pending["id"])


# expect: MCP307
def completion(elicitation_id: str) -> types.ElicitCompleteNotification:
    # expect: MCP307
    return types.ElicitCompleteNotification(
        # expect: MCP307
        params=types.ElicitCompleteNotificationParams(elicitationId=elicitation_id)
    )


def is_url_required(error) -> bool:
    # expect: MCP307
    return error.code == -32042
