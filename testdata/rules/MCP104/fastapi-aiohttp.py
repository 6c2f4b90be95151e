"""FastAPI and aiohttp routes on the MCP endpoint, and the ones that are not."""

from aiohttp import web
from fastapi import FastAPI

import mcp.types as types

app = FastAPI()
aio = web.Application()


@app.get("/mcp")  # expect: MCP104
async def stream():  # expect: MCP104
    return None


@app.delete("/mcp")  # expect: MCP104
async def end():
    return None


@app.post("/mcp")  # ok: MCP104
async def post():
    return None


@app.get("/health")  # ok: MCP104
async def health():
    return None


@app.get("/.well-known/oauth-protected-resource/mcp")  # ok: MCP104
async def metadata():
    return None


@app.api_route("/mcp", methods=["GET", "POST"])  # expect: MCP104
async def both():
    return None


aio.router.add_route("GET", "/mcp", stream)  # expect: MCP104
aio.router.add_route("POST", "/mcp", post)  # ok: MCP104
aio.router.add_get("/mcp", stream)  # expect: MCP104
aio.router.add_get("/status", health)  # ok: MCP104
