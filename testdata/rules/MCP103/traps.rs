// Traps: events that are not stream resumption.
/// Resumable streams used Last-Event-ID (doc comment).
pub struct AuditLog {
    // ok: MCP103
    pub event_store: Vec<String>,
}

impl AuditLog {
    // ok: MCP103
    pub fn store_event(&mut self, e: String) {
        self.event_store.push(e);
    }
}

pub fn config() -> Options {
    Options {
        // ok: MCP103
        event_store: None,
        // ok: MCP103
        last_event_id_seen: String::from("Last-Event-ID: not a header here"),
    }
}

// ok: MCP103
pub const HEADER: &str = "X-Last-Event-Id";
// ok: MCP103
pub fn replay_events(log: &AuditLog) -> usize {
    log.event_store.len()
}

pub fn has_store(manager: &Manager) -> bool {
    // ok: MCP103
    manager.event_store().is_some()
}
