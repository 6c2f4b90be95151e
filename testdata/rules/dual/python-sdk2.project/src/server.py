# SDK 2.x serves 2026-07-28 by itself (the manifest opts in); these handlers stay for 2025
# clients, so under --target dual they are notes.
from mcp.server.lowlevel import Server

server = Server("ledger")


# expect: MCP302
# expect-dual: MCP302=note
@server.set_logging_level()
async def on_level(level) -> None:
    return None


def session_of(request):
    # expect: MCP102
    # expect-dual: MCP102=note
    return request.headers.get("mcp-session-id")
