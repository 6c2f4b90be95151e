// Traps: near-misses of −32002 in Rust, and the dual-era form.
use rmcp::model::{ErrorCode, ErrorData};
use serde_json::json;

// A port, not an error code.
// ok: MCP401
pub const METRICS_PORT: u16 = 32002;

// ok: MCP401
pub const LIMIT: i64 = -320020;

/// Older servers answered -32002; we answer -32602. (a doc comment)
pub fn not_found(uri: &str) -> ErrorData {
    // ok: MCP401
    ErrorData::invalid_params("Resource not found", Some(json!({ "uri": uri })))
}

pub fn classify(code: i64) -> &'static str {
    match code {
        // The recommended dual-era arm.
        // ok: MCP401
        -32002 | -32602 => "missing",
        _ => "failed",
    }
}

pub fn is_missing(code: i64) -> bool {
    // ok: MCP401
    code == -32602 || code == -32002
}

pub fn is_missing_macro(code: i64) -> bool {
    // ok: MCP401
    matches!(code, -32002 | -32602)
}

pub fn upgrade(code: i64) -> i64 {
    // ok: MCP401
    if code == -32_002 { -32_602 } else { code }
}

pub fn era_code(legacy: bool) -> ErrorCode {
    // ok: MCP401
    ErrorCode(if legacy { -32002 } else { -32602 })
}

pub fn messages() -> String {
    // ok: MCP401
    let text = "error -32002 means resource not found";
    // ok: MCP401
    format!("{text}: code {}", -32001)
}

pub fn other_codes(code: i64) -> bool {
    // ok: MCP401
    code == -32601 || code == 32002
}

// pmcp's own not-found error is sent as −32603; it is not the −32002 code.
mod pmcp_server {
    use pmcp::{Error, ResourceHandler};

    pub fn missing(uri: &str) -> Result<(), Error> {
        // ok: MCP401
        Err(Error::resource_not_found(uri))
    }
}

// A test asserting that the code is no longer −32002 states the migrated behaviour.
#[test]
fn missing_resource_is_invalid_params() {
    let err = read_missing();
    // ok: MCP401
    assert_ne!(err.code, ErrorCode(-32002));
    // A test expecting −32002 relies on the legacy code.
    // expect: MCP401
    assert_eq!(err.code, ErrorCode(-32002));
}

// A crate's own constant that shares the SDK's name, pinned to another code by its test.
#[test]
fn own_codes() {
    // ok: MCP401
    assert_eq!(RESOURCE_NOT_FOUND, -32001);
}

// A framework's own error type whose constructor already sends −32602.
mod own_errors {
    pub struct JsonRpcError {
        pub code: i32,
        pub message: String,
    }

    impl JsonRpcError {
        pub fn resource_not_found(uri: &str) -> Self {
            JsonRpcError { code: -32602, message: format!("not found: {uri}") }
        }
    }

    pub fn read(uri: &str) -> Result<(), JsonRpcError> {
        // ok: MCP401
        Err(JsonRpcError::resource_not_found(uri))
    }
}

// A framework's own `McpError`, declared in this file, whose constructor sends −32602.
mod own_mcp_error {
    pub enum McpError {
        ResourceNotFound(String),
    }

    impl McpError {
        pub fn resource_not_found(uri: &str) -> Self {
            McpError::ResourceNotFound(uri.to_string())
        }
    }

    pub fn read(uri: &str) -> Result<(), McpError> {
        // ok: MCP401
        Err(McpError::resource_not_found(uri))
    }
}

// An application's own code inside the data of an error sent as −32603: receivers read the
// error's code, not the data's.
pub fn timed_out(id: u64) -> rmcp::ErrorData {
    rmcp::ErrorData::internal_error(
        format!("request {id} timed out"),
        // ok: MCP401
        Some(serde_json::json!({ "code": -32002, "request_id": id })),
    )
}
