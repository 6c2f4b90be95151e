// Fixture: the 2025 core tasks API in Rust (rmcp 2.x hooks and structs, raw JSON-RPC).
use rmcp::model::{
    CallToolRequestParams, ErrorData, PaginatedRequestParams, ServerCapabilities, TasksCapability, ToolExecution,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::ServerHandler;
use serde_json::json;

pub struct Renderer;

impl ServerHandler for Renderer {
    // expect: MCP306
    async fn list_tasks(&self, _request: Option<PaginatedRequestParams>, _cx: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        Ok(())
    }

    // expect: MCP306
    async fn get_task_result(&self, _cx: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        Ok(())
    }
}

pub fn capabilities(tasks: TasksCapability) -> ServerCapabilities {
    ServerCapabilities {
        // expect: MCP306
        tasks: Some(tasks),
        ..Default::default()
    }
}

pub fn execution() -> ToolExecution {
    // expect: MCP306
    ToolExecution { task_support: Some("required".into()) }
}

pub fn augmented(name: String) -> CallToolRequestParams {
    CallToolRequestParams {
        name: name.into(),
        // expect: MCP306
        task: Some(json!({"ttl": 60000})),
        ..Default::default()
    }
}

pub fn poll(task_id: &str) -> serde_json::Value {
    // expect: MCP306
    json!({"jsonrpc": "2.0", "id": 3, "method": "tasks/result", "params": {"taskId": task_id}})
}

pub fn status(task_id: &str) -> serde_json::Value {
    json!({
        // expect: MCP306
        "method": "notifications/tasks/status",
        "params": {
            "taskId": task_id,
            // expect: MCP306
            "_meta": {"io.modelcontextprotocol/related-task": {"taskId": task_id}}
        }
    })
}
