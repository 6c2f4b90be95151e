// Fixture: rmcp tools that keep something new on each call, and tools that only name a store.
use rmcp::model::CallToolResult;
use rmcp::{tool, tool_router, ErrorData as McpError};

pub struct Memory;

#[tool_router]
impl Memory {
    #[tool(description = "Store a memory for later")]
    // expect: MCP601
    async fn store_memory(&self, #[tool(param)] text: String) -> Result<CallToolResult, McpError> {
        todo!("{text}")
    }

    #[tool(description = "Record an analytics event")]
    // expect: MCP601
    async fn record_event(&self, #[tool(param)] name: String) -> Result<CallToolResult, McpError> {
        todo!("{name}")
    }

    #[tool(description = "Get a store by its id")]
    // ok: MCP601
    async fn get_store(&self, #[tool(param)] id: String) -> Result<CallToolResult, McpError> {
        todo!("{id}")
    }

    #[tool(description = "Count the records of a table")]
    // ok: MCP601
    async fn record_count(&self, #[tool(param)] table: String) -> Result<CallToolResult, McpError> {
        todo!("{table}")
    }
}
