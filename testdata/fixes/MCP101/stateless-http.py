"""Sessions asked for by name become stateless (unsafe: clients that relied on a session see none)."""

from fastmcp import FastMCP
from mcp.server.mcpserver import MCPServer

app = MCPServer("notes", stateless_http=False)
legacy = FastMCP("todo", stateless_http=False, json_response=True)
