# The SDK 2.x server answers `server/discover`; the raw arm below stays for 2025 clients.
from mcp.server.mcpserver import MCPServer

app = MCPServer("notes")


async def legacy(message):
    # expect: MCP301
    # expect-dual: MCP301=note
    if message["method"] == "ping":
        return {}
    return None
