# A minimal server on the Python SDK 2.x (`mcp`, MCPServer): Streamable HTTP or stdio. The SDK
# serves the 2026-07-28 revision and keeps serving 2025 clients on the same endpoint.
# Usage: python python-sdk-v2.py http PORT | python python-sdk-v2.py stdio
import sys

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("probe-python-v2", version="2.0.0", log_level="WARNING")


@mcp.tool()
def echo(text: str) -> str:
    """Echoes its input"""
    return text


@mcp.resource("file:///README")
def readme() -> str:
    return "hello"


if sys.argv[1] == "stdio":
    mcp.run("stdio")
else:
    mcp.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
