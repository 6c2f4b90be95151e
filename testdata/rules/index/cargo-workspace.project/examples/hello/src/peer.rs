use acme_mcp::context::Context;

/// Calls only the wrapper that takes a protocol version.
pub async fn tool_for_peer(mut ctx: Context) -> Result<String, String> {
    // expect: MCP305
    ctx.list_roots_as("2026-07-28").await
}

/// Calls a function that takes a protocol version and does nothing removed.
pub async fn tools_for_peer(mut ctx: Context) -> Result<String, String> {
    // ok: MCP305
    ctx.describe_as("2026-07-28").await
}
