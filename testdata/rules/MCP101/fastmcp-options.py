"""Sessions asked for by name, and the settings that keep none."""

from mcp.server.fastmcp import FastMCP  # expect: MCP203
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

stateful = FastMCP("shop", stateless_http=False)  # expect: MCP101
stateless = FastMCP("shop", stateless_http=True)  # ok: MCP101
default_stdio = FastMCP("shop")  # ok: MCP101


def manager(server):
    return StreamableHTTPSessionManager(app=server, stateless=False)  # expect: MCP101


def run(app):
    app.run(transport="streamable-http", stateless_http=False)  # expect: MCP101
    app.run(transport="stdio", json_response=False)  # ok: MCP101
