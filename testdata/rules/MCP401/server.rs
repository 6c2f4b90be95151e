// Fixture: the 2025 resource-not-found code emitted or matched in Rust (rmcp and raw JSON-RPC).
use rmcp::model::{ErrorCode, ErrorData};
use serde_json::{json, Value};

// expect: MCP401
pub const RESOURCE_NOT_FOUND: i64 = -32002;

pub enum RpcCode {
    // expect: MCP401
    NotFound = -32_002,
    Busy = 1001,
}

pub fn not_found(uri: &str) -> ErrorData {
    // expect: MCP401
    ErrorData::new(ErrorCode::RESOURCE_NOT_FOUND, "Resource not found", Some(json!({ "uri": uri })))
}

pub fn not_found_raw(uri: &str) -> ErrorData {
    // expect: MCP401
    ErrorData::new(ErrorCode(-32002), format!("no resource {uri}"), None)
}

pub fn not_found_helper(uri: &str) -> ErrorData {
    // expect: MCP401
    ErrorData::resource_not_found("Resource not found", Some(json!({ "uri": uri })))
}

pub fn body(id: Value) -> Value {
    // expect: MCP401
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -0x7D02, "message": "Resource not found" } })
}

pub fn status_for(code: i64) -> u16 {
    // expect: MCP401
    if code == -32002 {
        404
    } else {
        400
    }
}

pub fn classify(code: i64) -> &'static str {
    match code {
        // expect: MCP401
        -32002 => "missing",
        -32601 => "unsupported",
        _ => "failed",
    }
}

pub fn is_missing(err: &ErrorData) -> bool {
    // expect: MCP401
    err.code == ErrorCode::RESOURCE_NOT_FOUND
}

pub fn is_missing_const(code: i64) -> bool {
    // expect: MCP401
    matches!(code, RESOURCE_NOT_FOUND)
}

pub fn is_missing_macro(code: i64) -> bool {
    // expect: MCP401
    matches!(code, -32002)
}
