"""A context variable holds the current session's id; a dict keyed by it holds state per session."""

from contextvars import ContextVar

from mcp.server.lowlevel import Server

server = Server("state")
current_session: ContextVar[str | None] = ContextVar("session_id", default=None)
carts: dict[str, list] = {}  # expect: MCP101


def enter(session_id: str) -> None:
    current_session.set(session_id)  # ok: MCP101


def add(session_id: str, item) -> None:
    carts.setdefault(session_id, []).append(item)
    carts[session_id] = carts.get(session_id, [])
