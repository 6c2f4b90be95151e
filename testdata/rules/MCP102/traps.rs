// Traps: session words that are not the protocol header.
//! The Mcp-Session-Id header is gone in 2026-07-28 (inner doc comment).
use std::collections::HashMap;

/// Reads the Mcp-Session-Id header (doc comment only).
pub fn docs() {}

pub fn not_the_header(headers: &axum::http::HeaderMap) -> Option<&axum::http::HeaderValue> {
    // ok: MCP102
    let note = "the Mcp-Session-Id header was removed";
    // ok: MCP102
    let mcp_session_id_header_removed = true;
    // ok: MCP102
    let cookie = headers.get("x-session-id");
    // ok: MCP102
    let user_session_id = uuid::Uuid::new_v4();
    let _ = (note, mcp_session_id_header_removed, cookie, user_session_id);
    // ok: MCP102
    headers.get("mcp-protocol-version")
}

pub struct Login {
    // ok: MCP102
    pub session_id: String,
}

pub fn sessions(store: &HashMap<String, Login>, login: &Login) -> bool {
    // ok: MCP102
    store.contains_key(&login.session_id)
}

// Tests that the server mints no session: what 2026-07-28 wants.
pub fn no_session(response: &reqwest::Response) {
    // ok: MCP102
    assert!(response.headers().get("mcp-session-id").is_none());
    // ok: MCP102
    assert_eq!(response.headers().get("Mcp-Session-Id"), None);
    // ok: MCP102
    assert!(!response.headers().contains_key("mcp-session-id"));
}

// An application's own cookie that happens to share the header's name: not the header.
pub struct CookieConfig {
    pub cookie_name: String,
}

pub fn cookie_config(jar: &CookieJar) -> (CookieConfig, Option<String>) {
    let config = CookieConfig {
        // ok: MCP102
        cookie_name: "mcp-session-id".to_string(),
    };
    // ok: MCP102
    let cookie = Cookie::new("mcp-session-id", "abc");
    // ok: MCP102
    let session_cookie: &str = "mcp-session-id";
    let _ = (cookie, session_cookie);
    // ok: MCP102
    (config, jar.get("mcp-session-id").map(|c| c.value().to_string()))
}

// A test that the server ignores a header the caller invents states the migrated behaviour.
#[tokio::test]
async fn a_session_header_changes_nothing() {
    let plain = send(Envelope::new("resources/list")).await;
    // ok: MCP102
    let claimed = send(Envelope::new("resources/list").with_header("Mcp-Session-Id", "invented")).await;
    assert_eq!(plain, claimed);
}

#[tokio::test]
async fn the_session_resumes() {
    // expect: MCP102
    let resumed = send(Envelope::new("resources/list").with_header("Mcp-Session-Id", "saved")).await;
    assert!(resumed.is_ok());
}

// A read that only goes into a log line changes nothing when the header stops coming.
pub fn log_request(headers: &HeaderMap) -> Option<&HeaderValue> {
    // ok: MCP102
    tracing::debug!(session = ?headers.get("mcp-session-id"), "incoming request");
    // ok: MCP102
    println!("session: {:?}", headers.get("mcp-session-id"));
    // ok: MCP102
    info!("{}", format!("session {:?}", headers.get("mcp-session-id")));
    // A read kept in a variable may be used for more than the log line.
    // expect: MCP102
    let sid = headers.get("mcp-session-id");
    info!("{sid:?}");
    sid
}
