//! The protocol's own message types.

// expect: MCP201
// expect-dual: MCP201=note
pub struct InitializeResult {
    pub protocol_version: String,
}

pub mod roots {
    // The method name stays in 2026-07-28 (inside `inputRequests`): only sending it is removed.
    pub const LIST: &str = "roots/list";
}

pub mod resources {
    // expect: MCP303
    // expect-dual: MCP303=note
    pub const SUBSCRIBE: &str = "resources/subscribe";
}
