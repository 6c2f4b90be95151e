// rmcp 2 cannot serve 2026-07-28: no modern path, so --target dual changes nothing.
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler};

pub struct Ledger;

impl ServerHandler for Ledger {
    // expect: MCP301
    async fn ping(&self, _context: RequestContext<RoleServer>) -> Result<(), McpError> {
        Ok(())
    }
}
