"""Per-session state of a hand-written server, keyed by the id it mints."""

import uuid

import mcp.types as types


class SessionManager:
    def __init__(self, max_sessions: int = 100):
        self.max_sessions = max_sessions
        self.sessions: dict[str, dict] = {}

    def create_session(self, client_info: dict, protocol_version: str) -> str:
        session_id = uuid.uuid4().hex
        self.sessions[session_id] = {"client": client_info, "protocol_version": protocol_version}
        return session_id

    def get_session(self, session_id: str) -> dict | None:
        return self.sessions.get(session_id)  # expect: MCP101


class ToolCache:
    """Not per session: keyed by tool name."""

    def __init__(self):
        self.entries: dict[str, types.Tool] = {}

    def put(self, tool: types.Tool) -> None:
        self.entries[tool.name] = tool  # ok: MCP101
