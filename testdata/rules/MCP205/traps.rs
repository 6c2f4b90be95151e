// Traps: modern error handling and codes with other meanings.
use rmcp::model::{ErrorCode, ErrorData};

const MODERN: [i32; 3] = [-32020, -32021, -32022];

pub async fn connect(code: i32) -> Result<(), ErrorData> {
    // ok: MCP205
    if MODERN.contains(&code) {
        return Err(ErrorData::internal_error("modern server refused", None));
    }
    fallback_to_initialize().await
}

pub async fn stay_modern(code: ErrorCode) -> Result<(), ErrorData> {
    // ok: MCP205
    if code != ErrorCode::UNSUPPORTED_PROTOCOL_VERSION {
        return legacy_handshake().await;
    }
    Ok(())
}

pub fn optional(code: ErrorCode) -> Vec<String> {
    // ok: MCP205
    if code == ErrorCode::METHOD_NOT_FOUND {
        return Vec::new();
    }
    vec!["completion".into()]
}

// ok: MCP205
pub const RATE_LIMITED: i32 = -32004;
// ok: MCP205
pub const SESSION_NOT_FOUND: i32 = -32001;

pub fn timeout() -> ErrorData {
    // ok: MCP205
    ErrorData::new(ErrorCode(-32001), "request timed out", None)
}

pub fn scope() -> serde_json::Value {
    // ok: MCP205
    serde_json::json!({"code": -32003, "message": "insufficient scope"})
}

pub fn final_codes() -> [ErrorCode; 3] {
    // ok: MCP205
    [ErrorCode::HEADER_MISMATCH, ErrorCode(-32021), ErrorCode(-32022)]
}

async fn fallback_to_initialize() -> Result<(), ErrorData> {
    Ok(())
}
async fn legacy_handshake() -> Result<(), ErrorData> {
    Ok(())
}

// -32001 next to credentials is an "unauthorized" code, not the draft header mismatch, even
// though the message names a header.
pub fn unauthorized(id: serde_json::Value) -> serde_json::Value {
    // ok: MCP205
    serde_json::json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32001, "message": "Missing Authorization header"}})
}

pub fn mismatch(id: serde_json::Value) -> serde_json::Value {
    // expect: MCP205
    serde_json::json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32001, "message": "MCP-Protocol-Version header mismatch"}})
}
