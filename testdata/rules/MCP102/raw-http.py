"""A mock legacy peer that answers over a raw socket.

Its reply carries a line such as

    Mcp-Session-Id: 3f1c9a

which 2026-07-28 peers neither send nor read.
"""

import asyncio

SESSION = "3f1c9a"


async def answer(writer: asyncio.StreamWriter, body: bytes) -> None:
    """Writes the reply. (A docstring naming a line ``Mcp-Session-Id: <id>``: ok.)"""
    # expect: MCP102
    head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: " + SESSION + "\r\n\r\n"
    writer.write(head.encode() + body)
    await writer.drain()


def no_session_header(raw: str) -> None:
    # ok: MCP102
    assert "mcp-session-id:" not in raw.lower()
