// The draft error numbers, used with their draft meanings, become the final codes.
use rmcp::model::ErrorCode;

pub const HEADER_MISMATCH: ErrorCode = ErrorCode(-32020);
pub const MISSING_REQUIRED_CLIENT_CAPABILITY: i32 = -32021;
const UNSUPPORTED_PROTOCOL_VERSION: i32 = -32022;

pub fn unsupported_version(supported: Vec<String>) -> serde_json::Value {
    serde_json::json!({ "code": -32022, "message": "Unsupported protocol version", "data": { "supported": supported } })
}

pub fn retry_on_version(code: i32) -> bool {
    code == UNSUPPORTED_PROTOCOL_VERSION
}
