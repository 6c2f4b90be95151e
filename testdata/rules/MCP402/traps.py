"""Error codes the spec defines, codes outside the reserved range, and other JSON-RPC dialects."""

from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("billing")

# ok: MCP402
SERVER_ERROR_START = -32000
# ok: MCP402
PORT = 32050
# ok: MCP402
APP_QUOTA = 4290


def unsupported_version():
    # ok: MCP402
    raise McpError(ErrorData(code=-32022, message="unsupported protocol version"))


def header_mismatch():
    # ok: MCP402
    raise McpError(ErrorData(code=-32020, message="header mismatch"))


def invalid():
    # ok: MCP402
    raise McpError(ErrorData(code=INVALID_PARAMS, message="bad arguments"))


def status_of(code):
    # ok: MCP402
    return 404 if code == -32601 else 200


def test_rejects_large_bodies(body):
    # ok: MCP402
    assert body == {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": "too large"}}
