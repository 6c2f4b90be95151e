"""Mentions of the session header that are not header handling."""

import logging
import uuid

from mcp.server.mcpserver import MCPServer

log = logging.getLogger(__name__)
mcp = MCPServer("notes", stateless_http=True)  # The Mcp-Session-Id header is gone (a comment).


def notes(request, response):
    """Stops sending Mcp-Session-Id (a docstring)."""
    # ok: MCP102
    message = "the Mcp-Session-Id header is no longer sent"
    # ok: MCP102
    cache_key = "mcp-session-id-cache"
    # ok: MCP102
    session_id = str(uuid.uuid4())
    # ok: MCP102
    user = request.session.get("id")
    # ok: MCP102
    response.set_cookie("mcp-session-id", session_id)
    # ok: MCP102
    log.debug("incoming %s", request.headers.get("mcp-session-id"))
    return message, cache_key, user


def test_no_session_header(client):
    response = client.post("/mcp", json={})
    # ok: MCP102
    assert response.headers.get("mcp-session-id") is None
    # ok: MCP102
    assert "mcp-session-id" not in response.headers


async def connect(url, streamablehttp_client):
    # ok: MCP102
    async with streamablehttp_client(url, terminate_on_close=True) as (read, write, get_session_id):
        return read, write
