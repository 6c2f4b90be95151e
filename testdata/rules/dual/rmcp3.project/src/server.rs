// rmcp 3 serves 2026-07-28 by itself (the manifest opts in); the overrides below stay for 2025
// clients, so under --target dual they are notes.
use rmcp::model::{InitializeRequestParams, InitializeResult, SetLevelRequestParams};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler};

pub struct Ledger;

impl ServerHandler for Ledger {
    // expect: MCP201
    // expect-dual: MCP201=note
    async fn initialize(
        &self,
        _request: InitializeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        Ok(self.get_info())
    }

    // expect: MCP301
    // expect-dual: MCP301=note
    async fn ping(&self, _context: RequestContext<RoleServer>) -> Result<(), McpError> {
        Ok(())
    }

    // expect: MCP302
    // expect-dual: MCP302=note
    async fn set_level(&self, _request: SetLevelRequestParams, _context: RequestContext<RoleServer>) -> Result<(), McpError> {
        Ok(())
    }
}

pub fn client_info_header(headers: &axum::http::HeaderMap) -> Option<&axum::http::HeaderValue> {
    // expect: MCP102
    // expect-dual: MCP102=note
    headers.get("mcp-session-id")
}
