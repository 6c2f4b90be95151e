import mcp.types as types

from .constants import DEFAULT_PROTOCOL_VERSION
from .sessions import Sessions


def open_sessions(sessions: Sessions, info: dict) -> list[str]:
    return [
        sessions.create_session(info, "2025-06-18"),  # expect: MCP204
        sessions.create_session(info, "2026-07-28"),  # ok: MCP204
        sessions.create_record(info, "2025-06-18"),  # ok: MCP204
    ]


def initialize_request() -> dict:
    return {"method": "initialize", "params": {"protocolVersion": DEFAULT_PROTOCOL_VERSION}}  # expect: MCP201, MCP204
