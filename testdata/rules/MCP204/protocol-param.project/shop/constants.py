"""Protocol constants, one naming another."""

import mcp.types as types

REVISION_2025_06 = "2025-06-18"  # expect: MCP204
DEFAULT_PROTOCOL_VERSION = REVISION_2025_06  # expect: MCP204
