"""Cacheable results a Python server builds by hand without ttlMs or cacheScope."""

from starlette.responses import JSONResponse

TOOLS = [{"name": "search", "inputSchema": {"type": "object"}}]


def dispatch(method, params):
    if method == "server/discover":
        # expect: MCP404
        return {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {}}
    if method == "tools/list":
        # expect: MCP404
        return {"resultType": "complete", "tools": TOOLS, "ttlMs": 60000}
    if method == "prompts/list":
        # expect: MCP404
        return {"resultType": "complete", "prompts": [], "cacheScope": "public"}
    match method:
        case "resources/list":
            # expect: MCP404
            return {"resultType": "complete", "resources": []}
        case "resources/templates/list":
            # expect: MCP404
            return {"resultType": "complete", "resourceTemplates": []}
    return None


def read(request_id, uri, text):
    contents = [{"uri": uri, "text": text}]
    # expect: MCP404
    return JSONResponse({"jsonrpc": "2.0", "id": request_id, "result": {"resultType": "complete", "contents": contents}})
