"""Routes of a Python server: method lists and method branches."""

from flask import Flask
from starlette.routing import Route

import mcp.types as types

app = Flask(__name__)

routes = [
    Route(
        "/mcp",
        handle_mcp,
        methods=[
            "GET",  # expect: MCP104
            "POST",  # ok: MCP104
            "DELETE",  # expect: MCP104
        ],
    ),
    Route("/health", health, methods=["GET"]),  # ok: MCP104
    Route("/mcp/messages", handle_post, methods=["POST"]),  # ok: MCP104
    Route("/proxy/mcp", forward, methods=["GET", "POST", "DELETE", "PUT", "PATCH"]),  # ok: MCP104
]

TABLE = [
    ("/mcp", handle_mcp, ["GET", "POST"]),  # expect: MCP104
    ("/version", version, ["GET"]),  # ok: MCP104
]


@app.route("/mcp", methods=["GET", "POST"])  # expect: MCP104
def mcp_endpoint():
    return handle_mcp()


class Endpoint:
    async def handle(self, request):
        if request.method == "GET":  # expect: MCP104
            return await self.stream(request)
        if request.method == "POST":  # ok: MCP104
            return await self.post(request)
        return None


def status(request):
    if request.method == "GET":  # ok: MCP104
        return {"ok": True}
    return None
