use crate::commands::*;

pub fn forward(headers: &mut http::HeaderMap, id: http::HeaderValue) {
    // expect: MCP102
    headers.insert(SESSION_HEADER, id);
}
