"""Legacy protocol revisions pinned, listed and compared by Python code."""

from mcp.shared.version import SUPPORTED_PROTOCOL_VERSIONS
from mcp.types import LATEST_PROTOCOL_VERSION

# expect: MCP204
PROTOCOL_VERSION = "2025-06-18"
# expect: MCP204
SUPPORTED_VERSIONS = ["2025-03-26", "2025-06-18"]


def check_client(params):
    # expect: MCP204
    if params.get("protocolVersion") == "2024-11-05":
        return None
    # expect: MCP204
    return {"protocolVersion": LATEST_PROTOCOL_VERSION, "capabilities": {}, "serverInfo": {"name": "x", "version": "1"}}


def negotiate(requested):
    # expect: MCP204
    if requested in SUPPORTED_PROTOCOL_VERSIONS:
        return requested
    return PROTOCOL_VERSION


def headers_for(session_id):
    # expect: MCP204
    return {"MCP-Protocol-Version": "2025-11-25"}


def protocol_version():
    # expect: MCP204
    return "2025-03-26"


def client_hello():
    # expect: MCP204
    return {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}
