"""Presence checks that are right in Python, and emptiness tests of other dicts."""

from mcp import ClientSession
from mcp.server.lowlevel import Server
from mcp.types import ServerCapabilities

server = Server("hub")


def on_client_hello(params):
    capabilities = params.get("capabilities", {})
    # ok: MCP501
    if "sampling" in capabilities:
        pass
    # ok: MCP501
    if capabilities.get("roots") is not None:
        pass
    # ok: MCP501
    if capabilities.get("elicitation") is None:
        pass
    # ok: MCP501
    if "resources" not in capabilities:
        pass
    # ok: MCP501
    if params.get("clientInfo"):
        pass
    # ok: MCP501
    if len(params.get("meta", {})) > 0:
        pass


async def connect(session: ClientSession, result):
    capabilities: ServerCapabilities = result.capabilities
    # The SDK model is truthy even when empty: a presence check.
    # ok: MCP501
    if capabilities.tools:
        await session.list_tools()
    # ok: MCP501
    if capabilities.prompts is not None:
        await session.list_prompts()
    # ok: MCP501
    if capabilities.resources and capabilities.resources.subscribe:
        await session.subscribe_resource("file:///a")  # expect: MCP303
    # ok: MCP501
    if not capabilities.logging:
        return None
    return result


def settings(config):
    # ok: MCP501
    if config.get("resources"):
        return config["resources"]
    return None
