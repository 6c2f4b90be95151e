// Traps: spec codes, codes other rules own, numbers that are not error codes.
use rmcp::model::{ErrorCode, ErrorData};

pub fn header_mismatch() -> ErrorData {
    // ok: MCP402
    ErrorData::new(ErrorCode::HEADER_MISMATCH, "header mismatch", None)
}

pub fn unsupported() -> ErrorData {
    // ok: MCP402
    ErrorData::new(ErrorCode(-32022), "unsupported protocol version", None)
}

pub fn not_found() -> ErrorData {
    // ok: MCP402
    ErrorData::new(ErrorCode(-32602), "resource not found", None)
}

// ok: MCP402
pub const APP_QUOTA: ErrorCode = ErrorCode(4290);
// ok: MCP402
pub const PORT: u16 = 32050;
// ok: MCP402
pub const OFFSET: i64 = -32050;

pub fn method_not_found(code: i32) -> u16 {
    // ok: MCP402
    if code == -32601 { 404 } else { 200 }
}

// A test states the code the server (here, the SDK) answers with; the server is what emits it.
pub fn rejects_large_bodies(body: serde_json::Value, error: rmcp::model::ErrorData) {
    // ok: MCP402
    assert_eq!(body, serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32000, "message": "too large"}}));
    // The code the server sends, as a test expects it: reported where it is sent.
    // ok: MCP402
    assert_eq!(error.code, ErrorCode(-32000));
}

// The bounds of the JSON-RPC server-error range are not codes anything emits.
// ok: MCP402
pub const SERVER_ERROR_START: i32 = -32000;
// ok: MCP402
pub const SERVER_ERROR_END: i32 = -32099;

// Another JSON-RPC protocol's error object carries that protocol's codes (A2A).
pub fn a2a_error() -> A2aError {
    // ok: MCP402
    A2aError { code: -32050, message: "Task not cancelable".to_string(), data: None }
}

pub fn mcp_error() -> ErrorData {
    // expect: MCP402
    ErrorData { code: ErrorCode(-32050), message: "quota".into(), data: None }
}
