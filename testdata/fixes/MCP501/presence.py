"""Capability checks a Python server and client make, read the way 2026-07-28 means them."""

from mcp import ClientSession


def on_client_hello(params, features):
    capabilities = params.get("capabilities", {})
    if capabilities.get("sampling"):
        features.add("sampling")
    if not capabilities.get("roots"):
        features.discard("roots")
    features.elicitation = bool(capabilities["elicitation"])
    if len(capabilities.get("resources", {})) > 0:
        features.add("resources")
    return features


async def follow(session: ClientSession, result, uri):
    capabilities = result.capabilities
    if capabilities.resources:
        await session.subscribe_resource(uri)
    if capabilities.tools.listChanged:
        await session.list_tools()
