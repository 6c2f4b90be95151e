// Fixture: resource subscriptions in Rust (rmcp handlers and client, raw JSON-RPC, rust-mcp-sdk).
use rmcp::model::{ClientRequest, ErrorData, SubscribeRequestParams, UnsubscribeRequestParams};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::ServerHandler;
use serde_json::json;

pub struct Files;

impl ServerHandler for Files {
    // expect: MCP303
    async fn subscribe(&self, request: SubscribeRequestParams, _cx: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        let _ = request;
        Ok(())
    }

    // expect: MCP303
    async fn unsubscribe(&self, request: UnsubscribeRequestParams, _cx: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        let _ = request;
        Ok(())
    }
}

pub async fn watch(client: &rmcp::Peer<rmcp::RoleClient>, uri: &str) -> anyhow::Result<()> {
    // expect: MCP303
    client.subscribe(SubscribeRequestParams::new(uri)).await?;
    // expect: MCP303
    client.unsubscribe(UnsubscribeRequestParams { uri: uri.to_string(), meta: None }).await?;
    Ok(())
}

pub fn route(request: &ClientRequest) -> bool {
    // expect: MCP303
    matches!(request, ClientRequest::SubscribeRequest(_))
}

pub fn raw(id: u64, uri: &str) -> serde_json::Value {
    // expect: MCP303
    json!({"jsonrpc": "2.0", "id": id, "method": "resources/subscribe", "params": {"uri": uri}})
}

pub fn dispatch(method: &str) -> Option<&'static str> {
    match method {
        // expect: MCP303
        "resources/unsubscribe" => Some("ok"),
        _ => None,
    }
}

// A list of methods still served, whatever its name says about others.
// expect: MCP303
pub const SUPPORTED_METHODS: &[&str] = &["resources/subscribe", "tools/list"];
