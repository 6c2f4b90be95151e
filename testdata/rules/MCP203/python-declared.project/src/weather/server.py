# The manifest's requirement is the finding; the import is not reported again.
from mcp.server.fastmcp import FastMCP  # ok: MCP203

mcp = FastMCP("weather")
