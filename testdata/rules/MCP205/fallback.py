"""Era detection keyed on one error code, and the draft error numbers."""

from mcp import ClientSession
from mcp.shared.exceptions import McpError
from mcp.types import METHOD_NOT_FOUND


async def probe(send, connect_legacy):
    try:
        return await send("server/discover")
    except McpError as err:
        # expect: MCP205
        if err.error.code == -32601:
            return await connect_legacy()
        raise


async def probe_sdk(session: ClientSession, send):
    try:
        return await send("server/discover")
    except McpError as err:
        # expect: MCP205
        if err.error.code == METHOD_NOT_FOUND:
            # expect: MCP201
            # expect-dual: MCP201=note
            return await session.initialize()
        raise


async def probe_guard(send, legacy_handshake):
    try:
        return await send("server/discover")
    except McpError as err:
        # expect: MCP205
        if err.error.code != METHOD_NOT_FOUND:
            raise
        return await legacy_handshake()


async def probe_list(send, start_legacy_session):
    try:
        return await send("server/discover")
    except McpError as err:
        # expect: MCP205
        if err.error.code in (-32601, -32602):
            return await start_legacy_session()
        raise


# expect: MCP205
HEADER_MISMATCH = -32001
# expect: MCP205
MISSING_REQUIRED_CLIENT_CAPABILITY = -32003
# expect: MCP205
UNSUPPORTED_PROTOCOL_VERSION = -32004


def reject_version(request_id: int, requested: str) -> dict:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        # expect: MCP205
        "error": {"code": -32004, "message": "Unsupported protocol version", "data": {"supported": ["2026-07-28"], "requested": requested}},
    }


def retry_on_version(err):
    # expect: MCP205
    if err.code == UNSUPPORTED_PROTOCOL_VERSION:
        return err.data["supported"][0]
    return None
