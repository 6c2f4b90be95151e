// Traps: dates that are not protocol versions, and the modern revision.
use chrono::NaiveDate;
use rmcp::model::{Implementation, ProtocolVersion};

// Changelog: 2025-06-18 structured output; 2025-11-25 tasks.
// ok: MCP204
const RELEASED_AT: &str = "2025-06-18";
// ok: MCP204
const MODERN: ProtocolVersion = ProtocolVersion::V_2026_07_28;

pub fn implementation() -> Implementation {
    // ok: MCP204
    Implementation { name: "weather".into(), version: "2025-03-26".into(), ..Default::default() }
}

pub fn due() -> Option<NaiveDate> {
    // ok: MCP204
    NaiveDate::parse_from_str("2025-11-25", "%Y-%m-%d").ok()
}

pub fn banner() -> &'static str {
    // ok: MCP204
    "supports 2024-11-05 and later"
}

pub fn modern_meta() -> serde_json::Value {
    // ok: MCP204
    serde_json::json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28"})
}

pub fn holidays() -> Vec<&'static str> {
    // ok: MCP204
    vec!["2024-11-05", "2025-03-26"]
}

pub fn past(date: &str) -> bool {
    // ok: MCP204
    date >= "2025-06-18"
}

pub fn used() -> (&'static str, ProtocolVersion) {
    (RELEASED_AT, MODERN)
}

pub enum ApiVersion {
    V2025_06_18,
}

// A version enum of the application, not the protocol's.
// ok: MCP204
pub const API: ApiVersion = ApiVersion::V2025_06_18;

// A test that the legacy revisions are no longer offered states the migrated behaviour.
#[test]
fn offers_only_the_modern_revision() {
    let offered = supported_protocol_versions();
    // ok: MCP204
    assert!(!offered.contains(&ProtocolVersion::V_2025_03_26), "dropped");
    // ok: MCP204
    assert!(!offered.iter().any(|v| v.as_str() == "2025-06-18"));
    // ok: MCP204
    assert_ne!(offered.first(), Some(&ProtocolVersion::V_2025_06_18));
}

#[test]
fn the_legacy_literal_is_gone() {
    let protocol_versions = supported_protocol_versions();
    // ok: MCP204
    assert!(!protocol_versions.contains(&"2025-06-18"));
}

// The project's own constant of the SDK's name, already on the modern revision.
const SUPPORTED_PROTOCOL_VERSIONS: &[ProtocolVersion] = &[ProtocolVersion::V_2026_07_28];

pub fn offered() -> std::borrow::Cow<'static, [ProtocolVersion]> {
    // ok: MCP204
    std::borrow::Cow::Borrowed(SUPPORTED_PROTOCOL_VERSIONS)
}

pub struct Feature {
    pub name: String,
    pub since_version: String,
    pub introduced_in_version: String,
}

// When a feature appeared is its history, not a protocol version the code speaks.
pub fn history() -> Feature {
    Feature {
        name: "tools".to_string(),
        // ok: MCP204
        since_version: "2024-11-05".to_string(),
        // ok: MCP204
        introduced_in_version: "2025-06-18".to_string(),
    }
}

// Revisions the server turns away: the migrated behaviour, as a list of the SDK's constants.
pub fn refuses(version: &ProtocolVersion) -> bool {
    let removed_versions = [
        // ok: MCP204
        ProtocolVersion::V_2025_03_26,
        // ok: MCP204
        ProtocolVersion::V_2024_11_05,
    ];
    removed_versions.contains(version)
}

// A host's answer to an MCP Apps view's `ui/initialize`: the extension's own handshake.
pub fn apps_initialize_result() -> serde_json::Value {
    serde_json::json!({
        "hostCapabilities": { "openLink": true },
        // ok: MCP204
        "protocolVersion": "2024-11-05",
    })
}

// The protocol's own handshake still pins the legacy revision.
pub fn initialize_result() -> serde_json::Value {
    serde_json::json!({
        "capabilities": {},
        // expect: MCP204
        "protocolVersion": "2024-11-05",
    })
}
