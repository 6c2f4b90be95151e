// Protocol constants, one naming another.
export const REVISION_2025_06 = '2025-06-18'; // expect: MCP204
export const DEFAULT_PROTOCOL_VERSION = REVISION_2025_06; // expect: MCP204
