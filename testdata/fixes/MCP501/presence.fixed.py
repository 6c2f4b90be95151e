"""Capability checks a Python server and client make, read the way 2026-07-28 means them."""

from mcp import ClientSession


def on_client_hello(params, features):
    capabilities = params.get("capabilities", {})
    if "sampling" in capabilities:
        features.add("sampling")
    if "roots" not in capabilities:
        features.discard("roots")
    features.elicitation = "elicitation" in capabilities
    if "resources" in capabilities:
        features.add("resources")
    return features


async def follow(session: ClientSession, result, uri):
    capabilities = result.capabilities
    if capabilities.resources is not None and capabilities.resources.subscribe:
        await session.subscribe_resource(uri)
    if capabilities.tools is not None:
        await session.list_tools()
