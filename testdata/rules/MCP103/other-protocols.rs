// Traps: an SSE server and an event-sourced store in a crate with no MCP in it.
use axum::http::HeaderMap;

// ok: MCP103
pub const LAST_EVENT_ID: &str = "last-event-id";

pub fn resume_from(headers: &HeaderMap) -> Option<u64> {
    // ok: MCP103
    let id = headers.get("Last-Event-ID")?;
    // ok: MCP103
    let again = headers.get(LAST_EVENT_ID)?;
    id.to_str().ok()?.parse().ok().or(again.to_str().ok()?.parse().ok())
}

pub trait EventStore {
    fn append(&mut self, stream: &str, events: Vec<String>);
}

pub struct PgStore;

// ok: MCP103
impl EventStore for PgStore {
    fn append(&mut self, _stream: &str, _events: Vec<String>) {}
}

pub struct Config {
    pub event_store: Option<PgStore>,
}

pub fn config() -> Config {
    // ok: MCP103
    Config { event_store: Some(PgStore) }
}

// rmcp's header constant is MCP wherever it stands.
pub fn rmcp_header(headers: &HeaderMap) -> bool {
    // expect: MCP103
    headers.contains_key(sdk_consts::HEADER_LAST_EVENT_ID)
}

mod sdk_consts {
    // The header name as a string, outside MCP code, is not reported; its uses by name are.
    // ok: MCP103
    pub const HEADER_LAST_EVENT_ID: &str = "Last-Event-Id";
}

// rmcp's replay of stored events is MCP wherever it stands (its own crate imports nothing).
pub async fn resume(session: &mut LocalSessionWorker, last: EventId) {
    // expect: MCP103
    session.replay_events_after(last).await;
}
