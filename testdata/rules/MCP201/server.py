"""A hand-rolled server and an SDK client that both run the 2025 handshake."""

import json

from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client


async def handle_initialize(params):  # expect: MCP201
    return {"protocolVersion": params["protocolVersion"], "capabilities": {}, "serverInfo": {"name": "x"}}


async def dispatch(message):
    method = message["method"]
    if method == "initialize":  # expect: MCP201
        return await handle_initialize(message["params"])  # expect: MCP201
    if method == "notifications/initialized":  # expect: MCP201
        return None
    match method:
        case "initialize":  # expect: MCP201
            return None
        case "tools/list":  # ok: MCP201
            return await list_tools()
    return None


async def connect(url):
    async with streamablehttp_client(url) as (read, write, _):
        async with ClientSession(read, write) as session:
            await session.initialize()  # expect: MCP201
            caps = session.get_server_capabilities()  # expect: MCP201
            return caps


async def forward(upstream: ClientSession):
    return await upstream.initialize()  # expect: MCP201


def near_misses(app, db, server):
    app.initialize()  # ok: MCP201
    db.initialize()  # ok: MCP201
    options = server.create_initialization_options()  # ok: MCP201
    label = "initialize the cache"  # ok: MCP201
    log = json.dumps({"event": "initialized"})  # ok: MCP201
    return options, label, log


def initialize_logging():  # ok: MCP201
    return None


def handle_initialized_event(event):  # ok: MCP201
    return event
