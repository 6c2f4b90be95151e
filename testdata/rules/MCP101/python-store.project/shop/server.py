"""The server wires the session manager in."""

from .sessions import SessionManager, ToolCache


class Handler:
    def __init__(self):
        self.session_manager = SessionManager(max_sessions=10)  # expect: MCP101
        self.cache = ToolCache()  # ok: MCP101

    def on_initialize(self, params: dict) -> str:
        return self.session_manager.create_session(params["clientInfo"], params["protocolVersion"])  # expect: MCP101

    def on_list(self, tool) -> None:
        self.cache.put(tool)  # ok: MCP101
