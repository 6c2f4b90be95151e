// Era fallback keyed on one code, and the draft error numbers, in Rust.
use rmcp::model::{ErrorCode, ErrorData};
use serde_json::{json, Value};

// expect: MCP205
pub const HEADER_MISMATCH: ErrorCode = ErrorCode(-32001);
// expect: MCP205
pub const MISSING_REQUIRED_CLIENT_CAPABILITY: i32 = -32_003;
// expect: MCP205
const UNSUPPORTED_PROTOCOL_VERSION: i32 = -0x7D04;

pub struct Probe;

impl Probe {
    pub async fn connect(&self) -> Result<Value, ErrorData> {
        match self.discover().await {
            Ok(v) => Ok(v),
            Err(err) => {
                // expect: MCP205
                if err.code == ErrorCode::METHOD_NOT_FOUND {
                    return self.initialize_legacy().await;
                }
                Err(err)
            }
        }
    }

    pub async fn connect_match(&self) -> Result<Value, ErrorData> {
        let err = self.discover().await.err().unwrap_or_else(|| ErrorData::internal_error("x", None));
        match err.code.0 {
            // expect: MCP205
            -32601 => self.legacy_handshake().await,
            _ => Err(err),
        }
    }

    pub async fn connect_guard(&self, code: i32) -> Result<Value, ErrorData> {
        // expect: MCP205
        if code != -32601 {
            return Err(ErrorData::internal_error("probe failed", None));
        }
        self.initialize_legacy().await
    }

    async fn discover(&self) -> Result<Value, ErrorData> {
        Ok(json!({}))
    }
    async fn initialize_legacy(&self) -> Result<Value, ErrorData> {
        Ok(json!({}))
    }
    async fn legacy_handshake(&self) -> Result<Value, ErrorData> {
        Ok(json!({}))
    }
}

pub fn reject(id: u64, requested: &str) -> Value {
    // expect: MCP205
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32004, "message": "Unsupported protocol version", "data": {"supported": ["2026-07-28"], "requested": requested}}})
}

pub fn missing_capability() -> ErrorData {
    // expect: MCP205
    ErrorData::new(ErrorCode(-32003), "missing required client capability: sampling", None)
}

pub fn retry_version(code: i32, data: &Value) -> Option<String> {
    // expect: MCP205
    if code == UNSUPPORTED_PROTOCOL_VERSION {
        return data["supported"][0].as_str().map(String::from);
    }
    None
}
