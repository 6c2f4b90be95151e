// Traps: a JSON-RPC server of another protocol (LSP) in a crate with no MCP in it. −32002 is
// its own `ServerNotInitialized`, not MCP's resource-not-found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorCode {
    ParseError = -32700,
    // ok: MCP401
    ServerNotInitialized = -32002,
    UnknownErrorCode = -32001,
}

// ok: MCP401
pub const SERVER_NOT_INITIALIZED: i64 = -32002;

pub fn is_not_initialized(code: i64) -> bool {
    // ok: MCP401
    code == -32002
}

pub fn reply(id: u64) -> String {
    // ok: MCP401
    format!("{{\"id\":{id},\"error\":{{\"code\":{}}}}}", -32002)
}

// Named for a missing resource, the constant is this code wherever it stands.
// expect: MCP401
pub const RESOURCE_NOT_FOUND: i64 = -32002;
