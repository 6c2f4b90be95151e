"""The draft error numbers, used with their draft meanings, become the final codes."""

from mcp.shared.exceptions import McpError
from mcp.types import ErrorData

HEADER_MISMATCH = -32020
MISSING_REQUIRED_CLIENT_CAPABILITY = -32021
UNSUPPORTED_PROTOCOL_VERSION = -32022


def unsupported_version(supported):
    return {"code": -32022, "message": "Unsupported protocol version", "data": {"supported": supported}}


def missing_capability():
    raise McpError(ErrorData(code=-32021, message="Missing required client capability: sampling"))


def retry_on_version(err):
    if err.error.code == UNSUPPORTED_PROTOCOL_VERSION:
        return err.error.data["supported"][0]
    return None

