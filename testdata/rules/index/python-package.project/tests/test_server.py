from acme_mcp import SESSION_HEADER


def test_session_header(client):
    # expect: MCP102
    # expect-dual: MCP102=note
    response = client.post("/mcp", headers={SESSION_HEADER: "abc"})
    assert response.status_code == 200
