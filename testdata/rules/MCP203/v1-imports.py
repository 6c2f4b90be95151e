# expect: MCP203
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp import Context as Ctx  # expect: MCP203
from mcp.server.fastmcp.prompts import base  # expect: MCP203
import mcp.server.fastmcp  # expect: MCP203
import mcp.server.fastmcp as fm  # expect: MCP203
from mcp.server.fastmcp.server import Settings  # expect: MCP203
from mcp.server.fastmcp.utilities.types import Image  # expect: MCP203
from mcp.server.fastmcp.exceptions import ToolError  # expect: MCP203

from mcp.server.mcpserver import MCPServer  # ok: MCP203
from mcp.server.lowlevel import Server  # ok: MCP203
from fastmcp import FastMCP as Standalone  # ok: MCP203
from mcp.server.fastmcpx import thing  # ok: MCP203
import mcp.types as types  # ok: MCP203
text = "from mcp.server.fastmcp import FastMCP"  # ok: MCP203
from myapp.mcp.server.fastmcp import shim  # ok: MCP203
from .fastmcp import local  # ok: MCP203

mcp = FastMCP("weather")
