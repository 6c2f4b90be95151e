"""Python servers and clients using error codes inside the ranges the spec reserves."""

from fastapi.responses import JSONResponse
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import ErrorData

server = Server("billing")

# expect: MCP402
QUOTA_EXCEEDED_CODE = -32050
# expect: MCP402
ERR_ACCOUNT_LOCKED = -32010


async def provider_status(name, arguments):
    # expect: MCP402
    raise McpError(ErrorData(code=-32099, message="payment provider unavailable"))


def bad_request(message):
    # expect: MCP402
    body = {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": message}}
    return JSONResponse(body, status_code=400)


def quota(limit):
    return McpError(ErrorData(code=QUOTA_EXCEEDED_CODE, message=f"quota of {limit} exceeded"))


async def call(session):
    try:
        return await session.call_tool("balance", {})
    except McpError as err:
        # expect: MCP402
        if err.error.code == -32080:
            return "custom"
        match err.error.code:
            # expect: MCP402
            case -32060:
                return "declined"
        raise
