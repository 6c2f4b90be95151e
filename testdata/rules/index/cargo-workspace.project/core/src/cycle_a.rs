//! Two modules that re-export each other's name: resolution must end, and find nothing.
pub use crate::cycle_b::LOOP;

pub fn read(headers: &http::HeaderMap) -> bool {
    // ok: MCP102
    headers.contains_key(LOOP)
}
