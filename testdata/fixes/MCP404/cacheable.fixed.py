"""A cacheable result gets conservative cache hints (unsafe: choose real values)."""


def handle(message: dict) -> dict | None:
    method = message.get("method")
    if method == "server/discover":
        return {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}, "ttlMs": 0, "cacheScope": "public"}
    if method == "tools/list":
        return {"resultType": "complete", "tools": [{"name": "echo", "inputSchema": {"type": "object"}}], "ttlMs": 0, "cacheScope": "private"}
    return None
