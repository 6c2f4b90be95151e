// Fixture: a Rust server asking its client mid-request (rmcp peer calls, raw requests, rust-mcp-sdk).
use rmcp::model::{CreateMessageRequest, CreateMessageRequestParams, ElicitRequestParams, ServerRequest};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, Peer};
use serde_json::json;
use std::io::Write;

pub async fn plan_trip(context: RequestContext<RoleServer>, params: CreateMessageRequestParams) -> Result<(), McpError> {
    // expect: MCP305
    let budget = context.peer.elicit::<Budget>("Budget?".to_string()).await;
    // expect: MCP305
    let draft = context.peer.create_message(params).await;
    // expect: MCP305
    let roots = context.peer.list_roots().await;
    let _ = (budget, draft, roots);
    Ok(())
}

pub async fn confirm(peer: &Peer<RoleServer>, form: ElicitRequestParams) {
    // expect: MCP305
    let _ = peer.create_elicitation(form).await;
    // expect: MCP305
    let _ = peer.elicit_url("Authorize", "https://hub.example/oauth", "req-1").await;
}

pub async fn by_hand(peer: &Peer<RoleServer>, request: CreateMessageRequest) {
    // expect: MCP305
    let _ = peer.send_request(ServerRequest::CreateMessageRequest(request)).await;
}

pub fn raw_stdio(out: &mut std::io::Stdout, id: u64) -> std::io::Result<()> {
    // expect: MCP305
    let msg = json!({"jsonrpc": "2.0", "id": id, "method": "roots/list"});
    out.write_all(msg.to_string().as_bytes())
}

pub async fn rust_mcp_sdk(runtime: std::sync::Arc<dyn rust_mcp_sdk::McpServer>) {
    // expect: MCP305
    let _ = runtime.request_root_list(None).await;
}

/// A gateway that builds the request itself and pushes it down every open stream.
pub fn ask_operator(hub: &Hub, id: String, params: serde_json::Value) {
    let data = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        // expect: MCP305
        "method": "elicitation/create",
        "params": params,
    });
    hub.broadcast(data);
}
