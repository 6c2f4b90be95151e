# A minimal server on the Python SDK 1.x (`mcp`, FastMCP), written the way its README shows:
# Streamable HTTP (with sessions, the default) or stdio. It speaks only the 2025 protocol.
# Usage: python python-sdk-v1.py http PORT | python python-sdk-v1.py stdio
import sys

from mcp.server.fastmcp import FastMCP

transport, port = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 8000
mcp = FastMCP("probe-python-v1", host="127.0.0.1", port=port, log_level="WARNING")


@mcp.tool()
def echo(text: str) -> str:
    """Echoes its input"""
    return text


@mcp.resource("file:///README")
def readme() -> str:
    return "hello"


mcp.run("stdio" if transport == "stdio" else "streamable-http")
