"""Session-id headers read, written, exposed and captured by Python servers and clients."""

import aiohttp
from fastapi import FastAPI, Header, Request
from fastapi.responses import JSONResponse
from mcp.client.streamable_http import streamablehttp_client
from mcp.server.streamable_http import MCP_SESSION_ID_HEADER
from starlette.middleware.cors import CORSMiddleware

app = FastAPI()
sessions: dict[str, dict] = {}

# expect: MCP102
SESSION_HEADER = "Mcp-Session-Id"

app.add_middleware(
    CORSMiddleware,
    allow_origins=["*"],
    # expect: MCP102
    expose_headers=["mcp-session-id"],
)


@app.post("/mcp")
async def handle(request: Request):
    # expect: MCP102
    sid = request.headers.get("mcp-session-id")
    # expect: MCP102
    other = request.headers[MCP_SESSION_ID_HEADER]
    response = JSONResponse({"accepted": True})
    # expect: MCP102
    response.headers["Mcp-Session-Id"] = sid or other
    return response


@app.post("/mcp/close")
# expect: MCP102
async def close(mcp_session_id: str = Header(alias="Mcp-Session-Id")):
    sessions.pop(mcp_session_id, None)


class RawClient:
    def __init__(self, url: str):
        self.url = url
        self.session_id = None

    async def post(self, http: aiohttp.ClientSession, body: dict):
        headers = {"Content-Type": "application/json"}
        if self.session_id:
            # expect: MCP102
            headers["mcp-session-id"] = self.session_id
        async with http.post(self.url, json=body, headers=headers) as resp:
            # expect: MCP102
            self.session_id = resp.headers.get("Mcp-Session-Id")
            return await resp.json()


async def connect(url: str):
    async with streamablehttp_client(url) as (read, write, get_session_id):
        # expect: MCP102
        return get_session_id()
