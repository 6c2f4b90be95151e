// Fixture: the 2025 URL-elicitation flow in Rust (rmcp ≤ 2.2, raw JSON-RPC, rust-mcp-sdk).
use rmcp::model::{ElicitRequestParams, ErrorCode, ErrorData};
use serde_json::json;

// expect: MCP307
pub const URL_REQUIRED: i32 = -32_042;

pub fn auth_required(id: &str) -> ErrorData {
    ErrorData::new(
        // expect: MCP307
        ErrorCode::URL_ELICITATION_REQUIRED,
        "GitHub authorization required",
        // expect: MCP307
        Some(json!({"elicitations": [{"mode": "url", "elicitationId": id, "url": "https://hub.example/oauth"}]})),
    )
}

pub fn url_form(message: String, url: String, elicitation_id: String) -> ElicitRequestParams {
    // expect: MCP307
    ElicitRequestParams::UrlElicitationParams { meta: None, message, url, elicitation_id }
}

pub fn completed(params: &UrlParams) -> serde_json::Value {
    json!({
        // expect: MCP307
        "method": "notifications/elicitation/complete",
        // expect: MCP307
        "params": {"elicitationId": params.elicitation_id}
    })
}

pub fn is_url_required(code: i32) -> bool {
    // expect: MCP307
    code == URL_REQUIRED
}

pub fn from_wire(err: &ErrorData) -> bool {
    match err.code {
        // expect: MCP307
        ErrorCode(-32042) => true,
        _ => false,
    }
}
