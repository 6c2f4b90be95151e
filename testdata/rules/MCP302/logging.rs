// Fixture: logging/setLevel in Rust; deprecated log emission as notes.
use rmcp::model::{ErrorData, LoggingLevel, LoggingMessageNotificationParam, SetLevelRequestParams, ServerCapabilities};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::ServerHandler;
use serde_json::json;

pub struct S;

impl ServerHandler for S {
    // expect: MCP302
    async fn set_level(&self, _r: SetLevelRequestParams, cx: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        // expect: MCP302
        let _ = cx.peer.notify_logging_message(LoggingMessageNotificationParam::new(LoggingLevel::Info, json!("x"))).await;
        Ok(())
    }
}

pub async fn client(client: &rmcp::service::RunningService<rmcp::RoleClient, ()>) {
    // expect: MCP302
    let _ = client.set_level(SetLevelRequestParams::new(LoggingLevel::Warning)).await;
}

pub fn raw() -> serde_json::Value {
    // expect: MCP302
    json!({"jsonrpc": "2.0", "id": 1, "method": "logging/setLevel", "params": {"level": "info"}})
}

pub fn caps() -> ServerCapabilities {
    // expect: MCP302
    ServerCapabilities::builder().enable_tools().enable_logging().build()
}

pub fn dispatch(method: &str) -> bool {
    // expect: MCP302
    matches!(method, "logging/setLevel")
}

pub fn request() -> rmcp::model::ClientRequest {
    // expect: MCP302
    rmcp::model::ClientRequest::SetLevelRequest(Default::default())
}

pub fn with_logging(mut capabilities: ServerCapabilities) -> ServerCapabilities {
    // expect: MCP302
    capabilities.logging = Some(Default::default());
    capabilities
}

// The capability left out: what 2026-07-28 wants.
pub fn details() -> InitializeResult {
    InitializeResult {
        capabilities: ServerCapabilities {
            experimental: None,
            // ok: MCP302
            logging: None,
            tools: Some(ServerCapabilitiesTools { list_changed: None }),
            ..Default::default()
        },
        ..Default::default()
    }
}
