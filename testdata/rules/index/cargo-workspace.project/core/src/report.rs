use crate::metrics::SESSION_HEADER;

pub fn tag(headers: &http::HeaderMap) -> bool {
    // ok: MCP102
    headers.contains_key(SESSION_HEADER)
}
