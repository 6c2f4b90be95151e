use crate::commands::SESSION_HEADER;

pub fn session_of(headers: &http::HeaderMap) -> Option<&http::HeaderValue> {
    // expect: MCP102
    // expect-dual: MCP102=note
    headers.get(SESSION_HEADER)
}

/// A parameter of the same name shadows the constant.
pub fn header_named(SESSION_HEADER: &str, headers: &http::HeaderMap) -> bool {
    // ok: MCP102
    headers.contains_key(SESSION_HEADER)
}
