//! Method names, named once.

// expect: MCP201
// expect-dual: MCP201=note
pub const INIT: &str = "initialize";
// expect: MCP301
// expect-dual: MCP301=note
pub const PING: &str = "ping";
pub const LIST_TOOLS: &str = "tools/list";
pub const DISCOVER: &str = "server/discover";
// expect: MCP102
pub const SESSION_HEADER: &str = "Mcp-Session-Id";
