"""The draft error numbers, used with their draft meanings, become the final codes."""

from mcp.shared.exceptions import McpError
from mcp.types import ErrorData

HEADER_MISMATCH = -32001
MISSING_REQUIRED_CLIENT_CAPABILITY = -32003
UNSUPPORTED_PROTOCOL_VERSION = -32004


def unsupported_version(supported):
    return {"code": -32004, "message": "Unsupported protocol version", "data": {"supported": supported}}


def missing_capability():
    raise McpError(ErrorData(code=-32003, message="Missing required client capability: sampling"))


def retry_on_version(err):
    if err.error.code == UNSUPPORTED_PROTOCOL_VERSION:
        return err.error.data["supported"][0]
    return None

