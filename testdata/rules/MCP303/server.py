"""Resource subscriptions in the Python SDK, and subscriptions that are not MCP's."""

from mcp import ClientSession
from mcp.server.lowlevel import Server
import mcp.types as types

server = Server("files")


@server.subscribe_resource()  # expect: MCP303
async def on_subscribe(uri) -> None:
    return None


@server.unsubscribe_resource()  # expect: MCP303
async def on_unsubscribe(uri) -> None:
    return None


async def watch(session: ClientSession, uri):
    await session.subscribe_resource(uri)  # expect: MCP303
    await session.unsubscribe_resource(uri)  # expect: MCP303


def dispatch(message):
    if message["method"] == "resources/subscribe":  # expect: MCP303
        return {}
    server.request_handlers[types.SubscribeRequest] = on_subscribe  # expect: MCP303
    return None


def near_misses(bus, newsletter, redis):
    bus.subscribe("orders")  # ok: MCP303
    newsletter.subscribe_user("a@b.c")  # ok: MCP303
    redis.pubsub().subscribe("channel")  # ok: MCP303
    topic = "resources/list"  # ok: MCP303
    subscription = {"plan": "pro"}  # ok: MCP303
    return topic, subscription


def subscribe_to_updates():  # ok: MCP303
    return None
