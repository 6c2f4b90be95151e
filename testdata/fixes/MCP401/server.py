"""A Python server and client on -32002: the server sends -32602, the client accepts both."""

from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import ErrorData

server = Server("files")

RESOURCE_NOT_FOUND = -32002


@server.read_resource()
async def read(uri):
    raise McpError(ErrorData(code=-32002, message=f"no such resource {uri}", data={"uri": str(uri)}))


def not_found_body(request_id, uri):
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32002, "message": "Resource not found", "data": {"uri": uri}}}


async def read_or_none(session, uri):
    try:
        return await session.read_resource(uri)
    except McpError as err:
        if err.error.code == -32002:
            return None
        raise


def classify(code):
    match code:
        case -32002:
            return "missing"
    return "failed"


def is_missing(err):
    return err.error.code in (-32002,)


def not_missing(err):
    return -32002 != err.error.code
