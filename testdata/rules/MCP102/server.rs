// Fixture: the Mcp-Session-Id header in Rust servers and clients (axum, reqwest, rmcp).
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use rmcp::transport::common::http_header::HEADER_SESSION_ID;

pub fn session_of(headers: &HeaderMap) -> Option<String> {
    // expect: MCP102
    let raw = headers.get("mcp-session-id")?;
    raw.to_str().ok().map(str::to_owned)
}

pub fn by_constant(headers: &HeaderMap) -> bool {
    // ok: MCP102
    tracing::debug!(header = HEADER_SESSION_ID, "checking");
    // expect: MCP102
    headers.contains_key(HEADER_SESSION_ID)
}

// expect: MCP102
static SESSION_HEADER: HeaderName = HeaderName::from_static("mcp-session-id");

pub fn echo(response: &mut axum::response::Response, id: &str) {
    if let Ok(v) = HeaderValue::from_str(id) {
        // expect: MCP102
        response.headers_mut().insert("Mcp-Session-Id", v);
    }
}

pub async fn client_call(client: &reqwest::Client, sid: &str) -> reqwest::Result<reqwest::Response> {
    // expect: MCP102
    client.post("http://localhost/mcp").header("Mcp-Session-Id", sid).send().await
}

pub fn tower(headers: &HeaderMap) -> Option<&HeaderValue> {
    // expect: MCP102
    headers.get(tower_mcp::transport::http::MCP_SESSION_ID_HEADER)
}

pub fn in_macro(id: &str) -> String {
    // expect: MCP102
    format!("{}: {}", "MCP-SESSION-ID", id)
}

pub fn require_session(headers: &HeaderMap) -> Result<(), StatusCode> {
    // A server that refuses requests without a session still relies on it.
    // expect: MCP102
    if headers.get("mcp-session-id").is_none() {
        return Err(StatusCode::BAD_REQUEST);
    }
    // expect: MCP102
    assert!(!headers.get("mcp-session-id").is_none());
    // expect: MCP102
    assert!(headers.contains_key("mcp-session-id"));
    Ok(())
}

// Two clients get two sessions: a test that relies on the header.
#[test]
fn sessions_differ() {
    let (alice, bob) = (connect("alice"), connect("bob"));
    // expect: MCP102
    assert_ne!(alice["mcp-session-id"], bob["mcp-session-id"]);
}
