"""Hand-built results of a dispatch get `resultType: "complete"` (unsafe: only right for complete results)."""


def handle(message: dict) -> dict | None:
    method = message.get("method")
    if method == "server/discover":
        return {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}, "ttlMs": 0, "cacheScope": "public"}
    if method == "tools/call":
        return {"content": [{"type": "text", "text": "hi"}], "resultType": "complete"}
    return None
