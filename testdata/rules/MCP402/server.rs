// Fixture: error codes a Rust server defines, emits or branches on in the reserved sub-ranges.
use rmcp::model::{ErrorCode, ErrorData};
use serde_json::json;

// expect: MCP402
pub const QUOTA_EXCEEDED: ErrorCode = ErrorCode(-32050);
// expect: MCP402
pub const ERR_LOCKED: i32 = -32_010;

pub fn quota(limit: u32) -> ErrorData {
    // expect: MCP402
    ErrorData::new(ErrorCode(-32099), format!("quota of {limit} exceeded"), None)
}

pub fn raw(id: u64) -> serde_json::Value {
    // expect: MCP402
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32000, "message": "Bad Request: No valid session ID provided"}})
}

pub fn classify(err: &ErrorData) -> &'static str {
    // expect: MCP402
    if err.code.0 == -32050 {
        return "quota";
    }
    match err.code {
        // expect: MCP402
        ErrorCode(-32060) => "declined",
        _ => "other",
    }
}

pub fn locked(code: i32) -> bool {
    // expect: MCP402
    code == ERR_LOCKED
}

pub fn failure(internal: bool) -> serde_json::Value {
    // expect: MCP402
    serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {"code": if internal { -32603 } else { -32060 }, "message": "failed"}})
}
