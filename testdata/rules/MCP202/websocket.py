"""A websockets server with a method table built from a dict literal of lambdas."""

import json

import websockets


async def serve(websocket) -> None:
    async for raw in websocket:
        message = json.loads(raw)
        handlers = {
            # expect: MCP202, MCP403, MCP404
            "prompts/list": lambda p: {"prompts": []},
            # expect: MCP403
            "prompts/get": lambda p: {"messages": [{"role": "user", "content": {"type": "text", "text": p["name"]}}]},
        }
        result = handlers[message["method"]](message.get("params", {}))
        await websocket.send(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}))


async def main() -> None:
    async with websockets.serve(serve, "localhost", 8765):
        pass
