"""A method-keyed handler table."""


async def list_resources(params: dict) -> dict:
    return {"resources": [{"uri": "file:///readme.md", "name": "readme"}]}


async def read_resource(params: dict) -> dict:
    return {"contents": [{"uri": params["uri"], "text": "# Readme"}]}


HANDLERS = {
    # expect: MCP202
    "resources/list": list_resources,
    "resources/read": read_resource,
}


async def rpc(body: dict) -> dict:
    handler = HANDLERS[body["method"]]
    return {"jsonrpc": "2.0", "id": body["id"], "result": await handler(body.get("params", {}))}
