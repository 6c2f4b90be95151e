// Fixture: state kept on the protocol session in Rust (rmcp 1.x–3.x, raw axum).
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use axum::http::HeaderMap;
use dashmap::DashMap;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::SessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::RoleServer;
use rmcp::service::RequestContext;
use tokio::sync::Mutex;

pub struct Session {
    pub client: String,
}

pub struct AppState {
    // expect: MCP101
    sessions: Mutex<HashMap<String, Session>>,
    // Keyed by the header value below.
    // expect: MCP101
    carts: DashMap<String, Vec<String>>,
    // expect: MCP101
    levels: Mutex<BTreeMap<String, String>>,
    counter: std::sync::atomic::AtomicU64,
}

impl AppState {
    fn next_session_id(&self) -> String {
        format!("{}", self.counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }

    pub async fn open(&self) -> String {
        let sid = self.next_session_id();
        self.sessions.lock().await.insert(sid.clone(), Session { client: "x".into() });
        sid
    }

    pub fn add_to_cart(&self, headers: &HeaderMap, item: String) {
        // expect: MCP102
        let session_id = headers.get("mcp-session-id").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        self.carts.entry(session_id).or_default().push(item);
    }

    pub async fn set_level(&self, context: &RequestContext<RoleServer>, level: String) {
        let key = context.session_id().to_string();
        self.levels.lock().await.insert(key, level);
    }
}

pub fn service() -> StreamableHttpService<Shop, LocalSessionManager> {
    StreamableHttpService::new(
        || Ok(Shop),
        // expect: MCP101
        LocalSessionManager::default().into(),
        // expect: MCP101
        StreamableHttpServerConfig { stateful_mode: true, ..Default::default() },
    )
}

pub fn config_v3() -> StreamableHttpServerConfig {
    // expect: MCP101
    StreamableHttpServerConfig::default().with_legacy_session_mode(true)
}

pub fn config_v3_literal() -> StreamableHttpServerConfig {
    // expect: MCP101
    StreamableHttpServerConfig { legacy_session_mode: true, ..Default::default() }
}

pub fn config_v1() -> StreamableHttpServerConfig {
    // expect: MCP101
    StreamableHttpServerConfig::default().with_stateful_mode(true)
}

pub struct RedisSessions;

// expect: MCP101
impl SessionManager for RedisSessions {}

// A local map filled from the session id of a request context.
pub fn remember(context: &RequestContext<RoleServer>) {
    // expect: MCP101
    let mut seen: HashMap<String, u32> = HashMap::new();
    *seen.entry(context.session_id().to_string()).or_default() += 1;
}

pub struct Shop;

pub struct Registry {
    // A map of transports is session state whatever its key is called.
    // expect: MCP101
    by_client: Arc<Mutex<HashMap<String, Arc<StreamableHttpServerTransport>>>>,
}
pub struct StreamableHttpServerTransport;

// A tuple struct around the map: reported as `SessionTable.0`.
// expect: MCP101
pub struct SessionTable(Mutex<HashMap<String, Session>>);

/// A registry of SSE streams, one per protocol session, keyed by a UUID.
pub struct StreamRegistry {
    // expect: MCP101
    sessions: dashmap::DashMap<uuid::Uuid, SseSession>,
    // ok: MCP101
    logins: dashmap::DashMap<uuid::Uuid, UserSession>,
}
