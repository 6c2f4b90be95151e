"""Traps: modern era detection, and codes that are not the draft numbers' meanings."""

from mcp.shared.exceptions import McpError

MODERN_ERRORS = (-32020, -32021, -32022)


async def probe(send, connect_legacy):
    try:
        return await send("server/discover")
    except McpError as err:
        # ok: MCP205
        if err.error.code in MODERN_ERRORS:
            raise
        return await connect_legacy()


async def stay_modern(send, legacy_handshake):
    try:
        return await send("server/discover")
    except McpError as err:
        # ok: MCP205
        if err.error.code != -32022:
            return await legacy_handshake()
        raise


async def completions(session):
    try:
        return await session.complete(ref={"type": "ref/prompt", "name": "p"}, argument={"name": "a", "value": ""})
    except McpError as err:
        # ok: MCP205
        if err.error.code == -32601:
            return None
        raise


def session_gone() -> dict:
    # ok: MCP205
    return {"jsonrpc": "2.0", "error": {"code": -32001, "message": "Session not found"}, "id": None}


# ok: MCP205
REQUEST_TIMEOUT = -32001
# ok: MCP205
QUOTA_EXCEEDED = -32004


def scope_error() -> dict:
    # ok: MCP205
    return {"code": -32003, "message": "Insufficient scope for this tool"}


def is_timeout(err) -> bool:
    # ok: MCP205
    return err.code == -32001


def unauthorized() -> dict:
    # ok: MCP205
    return {"jsonrpc": "2.0", "id": None, "error": {"code": -32001, "message": "Missing Authorization header"}}
