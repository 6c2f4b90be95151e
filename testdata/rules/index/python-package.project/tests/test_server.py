from acme_mcp import SESSION_HEADER


def test_session_header(client):
    # expect: MCP102
    # expect-dual: MCP102=note
    response = client.post("/mcp", headers={SESSION_HEADER: "abc"})
    assert response.status_code == 200


async def test_ping_keeps_the_session(session):
    # A test that sends the request itself: its harness runs it and no code calls it, so it is
    # no wrapper, and the call in `smoke` below is not reported.
    # expect: MCP301
    # expect-dual: MCP301=note
    await session.send_ping()


async def smoke(session):
    # ok: MCP301
    await test_ping_keeps_the_session(session)
