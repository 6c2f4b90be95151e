"""Results with both hints, methods that are not cacheable, and results that are not built here."""

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("docs")
TOOLS = [{"name": "search"}]


def dispatch(method, result_type, base):
    if method == "server/discover":
        # ok: MCP404
        return {"resultType": "complete", "supportedVersions": ["2026-07-28"], "ttlMs": 0, "cacheScope": "private"}
    if method == "tools/list":
        # ok: MCP404
        return {"resultType": "complete", "tools": TOOLS, "ttlMs": 600000, "cacheScope": "public"}
    if method == "tools/call":
        # ok: MCP404
        return {"resultType": "complete", "content": []}
    if method == "resources/read":
        # ok: MCP404
        return {"resultType": "input_required", "inputRequests": {}, "requestState": "abc"}
    if method == "prompts/list":
        # ok: MCP404
        return {"resultType": result_type, "prompts": []}
    if method == "resources/list":
        # ok: MCP404
        return {**base, "resources": []}
    return None


# A catalogue kept by a client, not a result.
# ok: MCP404
CATALOGUE = {"tools": TOOLS, "updated": 0}


def ack(request_id):
    # ok: MCP404
    return {"jsonrpc": "2.0", "id": request_id, "result": {"resultType": "complete"}}
