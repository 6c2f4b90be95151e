//! The versions the hand-written SDK speaks, named once.

// expect: MCP204
pub const PROTOCOL_VERSION: &str = "2025-11-25";
// expect: MCP204
pub const SUPPORTED_VERSIONS: &[&str] = &["2025-11-25", "2025-06-18"];

pub fn latest() -> &'static str {
    // A use in the file that defines the list: the definition is the finding, once.
    // ok: MCP204
    SUPPORTED_VERSIONS[0]
}
