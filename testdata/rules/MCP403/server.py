"""Hand-built results without resultType in a Python JSON-RPC server, and a client reading it."""

import json
import sys

from starlette.requests import Request
from starlette.responses import JSONResponse

TOOLS = [{"name": "echo", "inputSchema": {"type": "object"}}]


async def rpc(request: Request):
    msg = await request.json()
    if msg["method"] == "tools/call":
        text = msg["params"]["arguments"]["text"]
        # expect: MCP403
        return JSONResponse({"jsonrpc": "2.0", "id": msg["id"], "result": {"content": [{"type": "text", "text": text}]}})
    result = {"prompts": []}
    # expect: MCP403, MCP404
    return JSONResponse({"jsonrpc": "2.0", "id": msg["id"], "result": result})


def dispatch(method, params):
    if method == "server/discover":
        # expect: MCP403
        return {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}, "ttlMs": 3600000, "cacheScope": "public"}
    if method == "tools/call":
        # expect: MCP403
        return {"content": [{"type": "text", "text": params["name"]}], "isError": False}
    match method:
        case "completion/complete":
            # expect: MCP403
            return {"completion": {"values": [], "hasMore": False}}
    raise ValueError(method)


HANDLERS = {
    # expect: MCP403
    "prompts/get": lambda params: {"messages": []},
}


def reply(request_id):
    # expect: MCP403
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "result": {"tools": TOOLS, "ttlMs": 0, "cacheScope": "public"}}) + "\n")
