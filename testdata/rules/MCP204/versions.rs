// Legacy revisions used as the protocol version in Rust.
use axum::http::{HeaderMap, HeaderValue};
use rmcp::model::{ProtocolVersion, ServerInfo};
use rmcp::transport::common::http_header::HEADER_MCP_PROTOCOL_VERSION;
use serde_json::{json, Value};

// expect: MCP204
const PROTOCOL_VERSION: &str = "2025-06-18";

pub fn info() -> ServerInfo {
    ServerInfo {
        // expect: MCP204
        protocol_version: ProtocolVersion::V_2025_03_26,
        ..Default::default()
    }
}

pub fn init_params() -> Value {
    // expect: MCP204
    json!({"protocolVersion": "2024-11-05", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1.0.0"}})
}

pub fn headers(h: &mut HeaderMap) {
    // expect: MCP204
    h.insert(HEADER_MCP_PROTOCOL_VERSION, HeaderValue::from_static("2025-03-26"));
}

pub fn supported_protocol_versions() -> Vec<&'static str> {
    // expect: MCP204
    vec!["2025-11-25", "2025-06-18"]
}

pub struct Protocol {
    pub supported_versions: Vec<String>,
}

pub fn protocol() -> Protocol {
    Protocol {
        // One list, one finding, whatever converts its entries.
        supported_versions: vec![
            // expect: MCP204
            "2024-11-05".to_string(),
            // ok: MCP204
            "2025-03-26".to_string(),
            // ok: MCP204
            String::from("2025-06-18"),
        ],
    }
}

pub fn negotiate(requested_version: &str) -> &'static str {
    match requested_version {
        // expect: MCP204
        "2025-11-25" => "2025-11-25",
        _ => PROTOCOL_VERSION,
    }
}

pub fn structured_output(protocol_version: &str) -> bool {
    // expect: MCP204
    protocol_version >= "2025-06-18"
}

pub fn legacy() -> ProtocolVersion {
    // expect: MCP204
    ProtocolVersion::LATEST_WITH_INITIALIZE
}

pub fn client_request(req: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    // expect: MCP204
    req.header("MCP-Protocol-Version", "2025-06-18")
}

// rust-mcp-schema spells the revisions without the underscore after `V`.
pub fn rust_mcp_schema_info() -> rust_mcp_sdk::schema::InitializeResult {
    rust_mcp_sdk::schema::InitializeResult {
        // expect: MCP204
        protocol_version: rust_mcp_sdk::schema::ProtocolVersion::V2025_11_25.into(),
        ..Default::default()
    }
}

// A test that a legacy revision is still offered holds the project on it.
#[test]
fn still_offers_the_legacy_revision() {
    let offered = supported_protocol_versions();
    // expect: MCP204
    assert!(offered.contains(&ProtocolVersion::V_2025_06_18));
}

#[test]
fn negotiates_the_legacy_revision() {
    // expect: MCP204
    assert_eq!(negotiated(), ProtocolVersion::V_2025_03_26);
}

// A list of the SDK's constants is one finding too, at its first entry.
pub async fn launch_with_fallback() {
    let protocol_versions = [
        // expect: MCP204
        ProtocolVersion::V_2025_11_25,
        // ok: MCP204
        ProtocolVersion::V_2025_06_18,
        // ok: MCP204
        ProtocolVersion::V_2025_03_26,
    ];
    for version in protocol_versions {
        let _ = version;
    }
}
