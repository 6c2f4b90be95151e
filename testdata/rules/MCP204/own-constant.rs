// The project's own version constants, defined in another module of the crate (where a legacy
// value is reported) and imported through `crate::`: their uses are not the SDK's constants.
use crate::constants::LATEST_PROTOCOL_VERSION;
use rmcp::model::{InitializeResult, ProtocolVersion};
use serde_json::{json, Value};

pub fn hello() -> Value {
    // ok: MCP204
    json!({"protocol_version": LATEST_PROTOCOL_VERSION})
}

pub fn qualified() -> String {
    // ok: MCP204
    crate::constants::SUPPORTED_PROTOCOL_VERSIONS.join(",")
}

pub fn result(mut r: InitializeResult) -> InitializeResult {
    // expect: MCP204
    r.protocol_version = ProtocolVersion::V_2025_06_18;
    r
}
