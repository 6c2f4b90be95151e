"""Results that carry resultType, or that an SDK completes, and the client reading it right."""

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("traps")


# ok: MCP403
@mcp.tool()
def echo(text: str) -> str:
    return text


def dispatch(method, params, base):
    if method == "server/discover":
        return {"resultType": "complete", "supportedVersions": ["2026-07-28"], "ttlMs": 0, "cacheScope": "public"}
    if method == "tools/call":
        # ok: MCP403
        return {"resultType": "complete", "content": []}
    if method == "prompts/get":
        # ok: MCP403
        return {**base, "messages": []}
    # ok: MCP403
    return {"jsonrpc": "2.0", "id": params.get("id"), "error": {"code": -32601, "message": "Method not found"}}


# ok: MCP403
REQUEST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}


def answer_elicitation(request_id):
    # ok: MCP403
    return {"jsonrpc": "2.0", "id": request_id, "result": {"action": "accept", "content": {"confirm": True}}}


async def read(session):
    result = await session.send_request({"method": "tools/call"})
    # ok: MCP403
    if result.get("resultType", "complete") == "complete":
        return result
    # ok: MCP403
    if result["resultType"] == "input_required":
        return None
    return result
