// A Rust server and client on the 2025 code: emissions become -32602, decisions accept both.
use rmcp::model::{ErrorCode, ErrorData};
use serde_json::{json, Value};

pub const RESOURCE_NOT_FOUND: i64 = -32_002;

pub fn not_found(uri: &str) -> ErrorData {
    ErrorData::new(ErrorCode::RESOURCE_NOT_FOUND, "Resource not found", Some(json!({ "uri": uri })))
}

pub fn not_found_raw(uri: &str) -> ErrorData {
    ErrorData::new(ErrorCode(-32002), format!("no resource {uri}"), None)
}

pub fn not_found_helper(uri: &str) -> ErrorData {
    ErrorData::resource_not_found("Resource not found", Some(json!({ "uri": uri })))
}

pub fn body(id: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -0x7D02, "message": "Resource not found" } })
}

pub fn status_for(code: i64) -> u16 {
    if code == -32002 {
        404
    } else {
        400
    }
}

pub fn classify(code: i64) -> &'static str {
    match code {
        -32002 => "missing",
        -32601 => "unsupported",
        _ => "failed",
    }
}

pub fn is_missing(err: &ErrorData) -> bool {
    if err.code == ErrorCode::RESOURCE_NOT_FOUND {
        return true;
    }
    matches!(err.code.0, -32002)
}
