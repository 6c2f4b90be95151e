// Traps: stores keyed by other things, sessions switched off, session words in text.
use std::collections::HashMap;
use std::sync::Arc;

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::sync::RwLock;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct UserId(pub String);

pub struct Depot {
    // ok: MCP101
    profiles: RwLock<HashMap<UserId, String>>,
    // ok: MCP101
    by_token: RwLock<HashMap<String, u64>>,
    // ok: MCP101
    done: RwLock<HashMap<String, String>>,
    // ok: MCP101
    inflight: RwLock<HashMap<u64, String>>,
}

impl Depot {
    pub async fn record(&self, user: UserId, token: String, idempotency_key: String, request_id: u64) {
        self.profiles.write().await.insert(user, "p".into());
        self.by_token.write().await.insert(token, 1);
        self.done.write().await.insert(idempotency_key, "ok".into());
        self.inflight.write().await.insert(request_id, "busy".into());
    }
}

pub fn stateless() -> StreamableHttpService<Shop, NeverSessionManager> {
    StreamableHttpService::new(
        || Ok(Shop),
        // ok: MCP101
        NeverSessionManager::default().into(),
        // ok: MCP101
        StreamableHttpServerConfig::default().with_legacy_session_mode(false),
    )
}

pub fn off_v1() -> StreamableHttpService<Shop, LocalSessionManager> {
    StreamableHttpService::new(
        || Ok(Shop),
        // rmcp ignores the manager when the same configuration turns sessions off.
        // ok: MCP101
        Arc::new(LocalSessionManager::default()),
        // ok: MCP101
        StreamableHttpServerConfig { stateful_mode: false, ..Default::default() },
    )
}

pub struct Session;

pub struct Logins {
    // A web login session per user, not per protocol session.
    // ok: MCP101
    by_user: HashMap<UserId, Session>,
}

pub fn log_line(session_id: &str) {
    // ok: MCP101
    tracing::info!(session_id = %session_id, "request served");
}

pub fn text() -> &'static str {
    // ok: MCP101
    "set stateful_mode: true to keep a session per client"
}

pub struct Shop;

pub mod internals {
    use std::collections::HashMap;

    use axum::http::{HeaderMap, HeaderName, HeaderValue};
    use rmcp::transport::common::http_header::HEADER_SESSION_ID;
    use rmcp::transport::streamable_http_server::session::SessionManager;

    // Echoing a header is MCP102's business; the header map is no session store.
    pub fn echo(headers: &mut HeaderMap, value: HeaderValue) {
        // ok: MCP101
        let mut custom_headers: HashMap<HeaderName, HeaderValue> = HashMap::new();
        custom_headers.insert(HeaderName::from_static("x-trace"), value.clone());
        // expect: MCP102
        headers.insert(HEADER_SESSION_ID, value);
    }

    pub struct AuthSession;

    pub struct OAuthStore {
        // Authorization-flow sessions keyed by their own id.
        // ok: MCP101
        auth_sessions: HashMap<String, AuthSession>,
    }

    impl OAuthStore {
        pub fn create(&mut self, session_id: String) {
            self.auth_sessions.insert(session_id, AuthSession);
        }
    }

    pub struct NeverSessionManager;

    // The no-session manager implements the trait to turn sessions off.
    // ok: MCP101
    impl SessionManager for NeverSessionManager {}
}
