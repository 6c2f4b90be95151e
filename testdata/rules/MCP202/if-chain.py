"""An if/elif chain on the method inside a Starlette endpoint."""

from starlette.requests import Request
from starlette.responses import JSONResponse


async def endpoint(request: Request) -> JSONResponse:
    body = await request.json()
    method = body.get("method")
    # expect: MCP202
    if method == "prompts/list":
        # expect: MCP403, MCP404
        return JSONResponse({"jsonrpc": "2.0", "id": body["id"], "result": {"prompts": [{"name": "summarize"}]}})
    elif method == "prompts/get":
        # expect: MCP403
        return JSONResponse({"jsonrpc": "2.0", "id": body["id"], "result": {"messages": []}})
    return JSONResponse({"jsonrpc": "2.0", "id": body["id"], "error": {"code": -32601, "message": "Method not found"}})
