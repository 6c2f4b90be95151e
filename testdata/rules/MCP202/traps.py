"""Traps: a dispatcher that handles discover, capability checks and client-side dispatch."""

from mcp import ClientSession


def dispatch(message: dict) -> dict | None:
    method = message["method"]
    # ok: MCP202
    if method == "server/discover":
        return {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}, "ttlMs": 0, "cacheScope": "private"}
    if method == "tools/list":
        return {"resultType": "complete", "tools": [], "ttlMs": 0, "cacheScope": "private"}
    if method == "tools/call":
        return {"resultType": "complete", "content": []}
    return None


def assert_capability(method: str, caps: dict) -> None:
    # ok: MCP202
    if method in ("tools/list", "tools/call"):
        if "tools" not in caps:
            raise RuntimeError(f"Server does not support tools (required for {method})")
    # ok: MCP202
    elif method == "prompts/list":
        if "prompts" not in caps:
            raise RuntimeError(f"Server does not support prompts (required for {method})")


async def replay(session: ClientSession, method: str, params: dict):
    # ok: MCP202
    if method == "tools/list":
        await session.list_tools()
        return None
    # ok: MCP202
    if method == "tools/call":
        await session.call_tool(params["name"], params.get("arguments"))
        return None
    return "not replayable"


LABELS = {
    # ok: MCP202
    "tools/list": "List tools",
    # ok: MCP202
    "tools/call": "Call a tool",
}


async def run_method(session: ClientSession, method: str, name: str = ""):
    # ok: MCP202
    match method:
        case "tools/list":
            return {"tools": (await session.list_tools()).tools}
        case "tools/call":
            return {"content": (await session.call_tool(name, {})).content}
    return None
