use crate::negotiate::negotiate_version;
use crate::protocol::PROTOCOL_VERSION;

pub fn version_header(configured: Option<String>) -> String {
    // expect: MCP204
    configured.unwrap_or_else(|| PROTOCOL_VERSION.to_string())
}

pub fn pick(requested: &str) -> &'static str {
    // expect: MCP204
    negotiate_version(requested)
}

pub fn client_version(params: &serde_json::Value) -> &str {
    // expect: MCP204
    params.get("protocolVersion").and_then(|v| v.as_str()).unwrap_or("2024-11-05")
}

pub fn release(config: &serde_json::Value) -> &str {
    // A date that is a release, not a protocol version.
    // ok: MCP204
    config.get("release").and_then(|v| v.as_str()).unwrap_or("2025-06-18")
}
