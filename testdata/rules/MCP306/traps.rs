// Traps: the tasks extension in rmcp 3.x and task objects of the application.
use rmcp::model::{
    CreateTaskResult, ErrorData, GetTaskRequestParams, GetTaskResult, ServerCapabilities, ServerConfig,
    TaskStatusNotificationParams,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ServerHandler};
use serde_json::json;

pub struct Renderer;

impl ServerHandler for Renderer {
    fn get_info(&self) -> ServerConfig {
        // ok: MCP306
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_tasks().build())
    }

    // ok: MCP306
    async fn get_task(&self, _request: GetTaskRequestParams, _cx: RequestContext<RoleServer>) -> Result<GetTaskResult, ErrorData> {
        Err(ErrorData::invalid_params("unknown task", None))
    }
}

pub struct Watcher;

impl ClientHandler for Watcher {
    // ok: MCP306
    async fn on_task_status(&self, _params: TaskStatusNotificationParams, _cx: NotificationContext<RoleClient>) {}
}

// ok: MCP306
pub fn created(result: CreateTaskResult) -> CreateTaskResult {
    result
}

pub struct Todo {
    pub task: String,
}

pub fn todo() -> Todo {
    // ok: MCP306
    Todo { task: "buy milk".into() }
}

pub fn poll(task_id: &str) -> serde_json::Value {
    // ok: MCP306
    json!({"jsonrpc": "2.0", "id": 4, "method": "tasks/get", "params": {"taskId": task_id}})
}

// ok: MCP306
pub const ROUTE: &str = "/api/tasks/list";

pub fn add_todo() -> serde_json::Value {
    // A tool argument named `task` put among the params by hand: a string is never the 2025
    // parameter, which is an object.
    // ok: MCP306
    json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "add_todo", "task": "buy milk"}})
}

pub fn on_status(params: &TaskStatusNotificationParams) -> &str {
    // ok: MCP306
    &params.task.task_id
}

// Rust makes every field be written: `None` sends no task parameter and declares no capability.
pub fn plain_call(name: String) -> rmcp::model::CallToolRequestParams {
    rmcp::model::CallToolRequestParams {
        name: name.into(),
        // ok: MCP306
        task: None,
        arguments: None,
        meta: None,
    }
}

pub fn no_tasks() -> ServerCapabilities {
    ServerCapabilities {
        // ok: MCP306
        tasks: None,
        ..Default::default()
    }
}

// A tool that forbids task execution already behaves as a 2026-07-28 tool does.
pub fn forbidden() -> ToolExecution {
    // ok: MCP306
    ToolExecution { task_support: Some(TaskSupport::Forbidden) }
}
