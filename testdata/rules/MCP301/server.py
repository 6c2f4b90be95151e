"""Pings, sent and answered, and names that only look like them."""

from mcp import ClientSession


async def keepalive(session: ClientSession):
    await session.send_ping()  # expect: MCP301


async def heartbeat(ctx):
    await ctx.session.send_ping()  # expect: MCP301


async def dispatch(message):
    if message["method"] == "ping":  # expect: MCP301
        return {}
    match message["method"]:
        case "ping":  # expect: MCP301
            return {}
    return None


async def probe(client):
    await client.ping()  # expect: MCP301
    return await client.send_request({"method": "ping"})  # expect: MCP301


def near_misses(app, redis, sock):
    app.get("/ping")  # ok: MCP301
    redis.ping()  # ok: MCP301
    sock.send_ping_frame()  # ok: MCP301
    label = "ping"  # ok: MCP301
    tool = {"name": "ping", "description": "reply pong"}  # ok: MCP301
    return label, tool


def ping_database():  # ok: MCP301
    return True
