// Fixture: ping in Rust (rmcp handlers, raw JSON-RPC, rust-mcp-sdk).
use rmcp::model::{ClientRequest, ErrorData, PingRequest};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::ServerHandler;
use serde_json::json;

pub struct S;

impl ServerHandler for S {
    // expect: MCP301
    async fn ping(&self, _cx: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        Ok(())
    }
}

pub async fn keep_alive(peer: &rmcp::Peer<rmcp::RoleClient>) {
    // expect: MCP301
    let _ = peer.send_request(ClientRequest::PingRequest(PingRequest::default())).await;
    // expect: MCP301
    let _ = peer.ping().await;
}

pub fn raw(id: u64) -> serde_json::Value {
    // expect: MCP301
    json!({"jsonrpc": "2.0", "id": id, "method": "ping"})
}

pub fn dispatch(method: &str) -> Option<serde_json::Value> {
    match method {
        // The result of a removed method owes no `resultType`: the method itself is the finding.
        // expect: MCP301
        // ok: MCP403
        "ping" => Some(json!({})),
        _ => None,
    }
}

pub struct Handler;

impl Handler {
    // expect: MCP301
    pub async fn handle_ping_request(&self) {}
}

// rust-mcp-sdk's keep-alive option sends `ping` to every connected client on a timer.
pub fn options() -> rust_mcp_sdk::mcp_server::HyperServerOptions {
    rust_mcp_sdk::mcp_server::HyperServerOptions {
        // expect: MCP301
        ping_interval: std::time::Duration::from_secs(12),
        ..Default::default()
    }
}

// A call inside an inequality assertion is still made.
#[tokio::test]
async fn answers_ping(peer: rmcp::Peer<rmcp::RoleClient>) {
    // expect: MCP301
    assert_ne!(peer.ping().await.ok(), None);
}
