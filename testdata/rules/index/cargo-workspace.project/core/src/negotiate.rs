use crate::protocol::SUPPORTED_VERSIONS;

pub fn negotiate_version(requested: &str) -> &'static str {
    // expect: MCP204
    for v in SUPPORTED_VERSIONS {
        if *v == requested {
            return v;
        }
    }
    "2026-07-28"
}
