// A hand-written transport's own resumption plumbing: event ids kept to resume streams.
use rmcp::model::JsonRpcMessage;

pub struct StreamSession {
    // expect: MCP103
    last_event_id: std::sync::RwLock<Option<String>>,
    // ok: MCP103
    last_seen: std::time::Instant,
    messages: Vec<JsonRpcMessage>,
}

impl StreamSession {
    // expect: MCP103
    pub fn next_event_id(&self) -> String {
        String::new()
    }

    // expect: MCP103
    pub fn replay_since(&self, _seq: u64) -> Vec<JsonRpcMessage> {
        Vec::new()
    }

    // An event time, not an event id.
    // ok: MCP103
    pub fn last_event_time(&self) -> std::time::Instant {
        self.last_seen
    }
}
