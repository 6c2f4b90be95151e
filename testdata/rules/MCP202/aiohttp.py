"""An aiohttp handler dispatching on the method with `in` tests and a fall-through."""

from aiohttp import web


async def mcp(request: web.Request) -> web.Response:
    body = await request.json()
    method = body["method"]
    # expect: MCP202
    if method == "resources/list":
        result = {"resources": []}
    elif method == "resources/read":
        result = {"contents": [{"uri": body["params"]["uri"], "text": ""}]}
    else:
        return web.json_response({"jsonrpc": "2.0", "id": body["id"], "error": {"code": -32601, "message": "not found"}})
    # expect: MCP403, MCP404
    return web.json_response({"jsonrpc": "2.0", "id": body["id"], "result": result})
