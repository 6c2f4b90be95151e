// Traps: a dispatcher that handles discover, SDK servers, clients and capability checks.
use rmcp::model::{CallToolRequestParams, CallToolResult, ListToolsResult, PaginatedRequestParams};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler};
use serde_json::{json, Value};

pub fn dispatch(method: &str) -> Value {
    // ok: MCP202
    match method {
        "server/discover" => json!({"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}, "ttlMs": 0, "cacheScope": "private"}),
        "tools/list" => json!({"resultType": "complete", "tools": [], "ttlMs": 0, "cacheScope": "private"}),
        "tools/call" => json!({"resultType": "complete", "content": []}),
        _ => Value::Null,
    }
}

pub struct Sdk;

impl ServerHandler for Sdk {
    // ok: MCP202
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::default())
    }
}

pub fn assert_capability(method: &str, has_tools: bool) -> Result<(), String> {
    // ok: MCP202
    match method {
        "tools/list" | "tools/call" if !has_tools => Err(format!("server does not support tools ({method})")),
        _ => Ok(()),
    }
}

pub async fn replay(peer: &rmcp::Peer<rmcp::RoleClient>, method: &str, params: CallToolRequestParams) -> Option<CallToolResult> {
    // ok: MCP202
    match method {
        "tools/list" => {
            let tools = peer.list_tools(None).await.ok()?;
            Some(CallToolResult::success(vec![rmcp::model::Content::text(format!("{}", tools.tools.len()))]))
        }
        "tools/call" => peer.call_tool(params).await.ok().map(|r| CallToolResult { content: r.content, ..Default::default() }),
        _ => None,
    }
}

pub fn client_side(method: &str) -> Value {
    // ok: MCP202
    match method {
        "sampling/createMessage" => json!({"role": "assistant", "content": {"type": "text", "text": "hi"}, "model": "m"}),
        "roots/list" => json!({"roots": []}),
        _ => Value::Null,
    }
}

pub fn answer(method: &str) -> Option<Value> {
    // ok: MCP202
    if method == "server/discover" {
        return Some(json!({"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {}, "ttlMs": 0, "cacheScope": "private"}));
    }
    if method == "prompts/list" {
        return Some(json!({"resultType": "complete", "prompts": [], "ttlMs": 0, "cacheScope": "private"}));
    }
    None
}

pub fn module(module: &mut jsonrpsee::RpcModule<()>) {
    // ok: MCP202
    module.register_method("server/discover", |_, _, _| json!({"resultType": "complete"})).ok();
    module.register_method("resources/list", |_, _, _| json!({"resources": []})).ok();
}
