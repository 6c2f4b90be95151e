"""Python code that reads an empty capability dict as a missing capability."""

from mcp import ClientSession
from mcp.server.lowlevel import Server

server = Server("hub")


def on_client_hello(params):
    capabilities = params.get("capabilities", {})
    # expect: MCP501
    if capabilities.get("sampling"):
        enable_sampling()
    # expect: MCP501
    if not capabilities.get("roots"):
        disable_roots()
    # expect: MCP501
    elicit = bool(capabilities["elicitation"])
    # expect: MCP501
    if len(capabilities["resources"]) > 0:
        enable_resources()
    # expect: MCP501
    if len(capabilities.get("tools", {})) == 0:
        disable_tools()
    return elicit


class Peer:
    def __init__(self, init_result):
        self.server_capabilities = init_result["capabilities"]

    def supports_prompts(self):
        # expect: MCP501
        return True if self.server_capabilities.get("prompts") else False

    def wants_logging(self):
        # expect: MCP501
        if self.server_capabilities.get("logging") and self.verbose:
            return True
        return False

    def tools(self, fallback):
        # expect: MCP501
        if self.server_capabilities["tools"] or fallback:
            return True
        return False

    def completions(self):
        completions = self.server_capabilities.get("completions")
        # expect: MCP501
        if completions:
            return True
        return False


async def forward(session: ClientSession, result, uri):
    capabilities = result.capabilities
    # The SDK model is truthy even when empty, but `resources` is not `resources.subscribe`.
    # expect: MCP501
    if capabilities.resources:
        await session.subscribe_resource(uri)  # expect: MCP303


def enable_sampling():
    return None


def disable_roots():
    return None


def enable_resources():
    return None


def disable_tools():
    return None
