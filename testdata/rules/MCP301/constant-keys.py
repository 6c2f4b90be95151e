"""A hand-written server names the JSON-RPC keys with constants."""

import mcp.types as types

JSONRPC_KEY = "jsonrpc"
KEY_METHOD = "method"
KEY_ID = "id"
PING = "ping"


async def keepalive(transport):
    request = {JSONRPC_KEY: "2.0", KEY_ID: 1, KEY_METHOD: PING}  # expect: MCP301
    await transport.send_to_client(request)


def describe(key_name):
    return {key_name: "ping", KEY_ID: 2}  # ok: MCP301
