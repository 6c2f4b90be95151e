"""A stdio server reading JSON-RPC lines, with its own handshake."""

import json
import sys


def handle(message: dict) -> dict | None:
    method = message.get("method")
    # expect: MCP202, MCP201
    if method == "initialize":
        # expect: MCP204
        return {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}, "serverInfo": {"name": "echo", "version": "1.0"}}
    if method == "tools/list":
        # expect: MCP403, MCP404
        return {"tools": [{"name": "echo", "inputSchema": {"type": "object"}}]}
    if method == "tools/call":
        # expect: MCP403
        return {"content": [{"type": "text", "text": message["params"]["arguments"].get("text", "")}]}
    return None


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        result = handle(message)
        if result is not None:
            sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}) + "\n")
            sys.stdout.flush()
