"""Dates that only look like protocol revisions."""

import datetime

from mcp.server.lowlevel import Server

server = Server("calendar")

# ok: MCP204
RELEASED_AT = "2025-06-18"
# ok: MCP204
MODERN_PROTOCOL_VERSION = "2026-07-28"


def info():
    # ok: MCP204
    return {"name": "calendar", "version": "2025-03-26"}


def due():
    # ok: MCP204
    return datetime.date.fromisoformat("2025-11-25")


def changelog():
    # ok: MCP204
    return "protocol 2025-06-18 support was dropped"


def deprecations():
    # ok: MCP204
    return {"deprecated_version": "2025-03-26"}


def test_legacy_versions_are_gone(versions):
    # ok: MCP204
    assert "2025-06-18" not in versions


def window(start):
    # ok: MCP204
    return start > "2024-11-05T00:00:00Z"
