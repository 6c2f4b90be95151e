// Fixture: a framework's own `McpError`, imported from its core crate or named through its own
// path; rmcp's `ErrorData` next to it still emits −32002.
use rmcp::model::CallToolResult;
use turbo_core::{McpError, McpResult};

pub fn read(uri: &str) -> McpResult<CallToolResult> {
    // ok: MCP401
    Err(McpError::resource_not_found(uri))
}

pub fn through_rmcp(uri: &str) -> rmcp::ErrorData {
    // expect: MCP401
    rmcp::ErrorData::resource_not_found("Resource not found", Some(serde_json::json!({ "uri": uri })))
}
