// Fixture: stream resumability in Rust (rmcp, rust-mcp-sdk, raw axum).
use std::sync::Arc;

use axum::http::HeaderMap;
use rmcp::transport::common::http_header::HEADER_LAST_EVENT_ID;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;

pub struct FileEventStore;

// expect: MCP103
impl rmcp::transport::streamable_http_server::EventStore for FileEventStore {}

pub fn manager(store: FileEventStore) -> LocalSessionManager {
    // expect: MCP103, MCP101
    LocalSessionManager::default().with_event_store(store)
}

pub fn resume_from(headers: &HeaderMap) -> Option<&axum::http::HeaderValue> {
    // expect: MCP103
    headers.get(HEADER_LAST_EVENT_ID)
}

pub fn raw(headers: &HeaderMap) -> Option<&axum::http::HeaderValue> {
    // expect: MCP103
    headers.get("last-event-id")
}

pub fn options() -> rust_mcp_sdk::mcp_server::HyperServerOptions {
    rust_mcp_sdk::mcp_server::HyperServerOptions {
        // expect: MCP103
        event_store: Some(Arc::new(rust_mcp_sdk::event_store::InMemoryEventStore::default())),
        ..Default::default()
    }
}

pub async fn replay(store: &FileEventStore, last: &str) {
    // expect: MCP103
    store.replay_events_after(last).await;
}

// The project's own structs that keep monitoring events: not an SDK transport option.
pub struct MonitoringEvents;

pub struct Monitoring {
    event_store: Arc<MonitoringEvents>,
}

impl Monitoring {
    pub fn new(event_store: Arc<MonitoringEvents>) -> Self {
        // ok: MCP103
        Self { event_store }
    }

    pub fn fresh() -> Monitoring {
        // ok: MCP103
        Monitoring { event_store: Arc::new(MonitoringEvents) }
    }
}

pub fn mount_options(store: Arc<dyn rust_mcp_sdk::event_store::EventStore>) -> rust_mcp_sdk::mcp_http::McpMountOptions {
    rust_mcp_sdk::mcp_http::McpMountOptions {
        // expect: MCP103
        event_store: Some(store),
        ..Default::default()
    }
}
