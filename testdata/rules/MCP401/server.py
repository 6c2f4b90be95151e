"""Python servers and clients that speak the 2025 resource-not-found code."""

from enum import IntEnum

from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import ErrorData

server = Server("files")

# expect: MCP401
RESOURCE_NOT_FOUND = -32002


class AppError(IntEnum):
    # expect: MCP401
    NOT_FOUND = -32002
    FORBIDDEN = -32001


ERROR_CODES = {
    # expect: MCP401
    "missing_resource": -0x7D02,
}


@server.read_resource()
async def read(uri):
    # expect: MCP401
    raise McpError(ErrorData(code=-32002, message=f"no such resource {uri}", data={"uri": str(uri)}))


def not_found_body(request_id, uri):
    # expect: MCP401
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32002, "message": "Resource not found", "data": {"uri": uri}}}


def by_constant(uri):
    # The emission through the constant is reported at its definition.
    # ok: MCP401
    raise McpError(ErrorData(code=RESOURCE_NOT_FOUND, message="missing", data={"uri": uri}))


async def read_or_none(session, uri):
    try:
        return await session.read_resource(uri)
    except McpError as err:
        # expect: MCP401
        if err.error.code == -32002:
            return None
        raise


def classify(code):
    match code:
        # expect: MCP401
        case -32002:
            return "missing"
        case -32601:
            return "unsupported"
    return "failed"


def is_missing(err):
    # expect: MCP401
    return err.error.code == RESOURCE_NOT_FOUND


def is_missing_too(err):
    # expect: MCP401
    return err.error.code in (-32002,)


def not_missing(err):
    # expect: MCP401
    return -32002 != err.error.code
