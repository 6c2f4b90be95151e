"""Tests of the session manager and of code that only needs one."""

from shop.server import Handler
from shop.sessions import SessionManager


def test_handler_uses_a_manager():
    manager = SessionManager()  # ok: MCP101
    assert manager.max_sessions == 100


def test_sessions_are_created():
    handler = Handler()
    sid = handler.session_manager.create_session({"name": "c"}, "2026-07-28")  # expect: MCP101
    assert handler.session_manager.get_session(sid) is not None  # ok: MCP101
