// Event sourcing without MCP: the same names keep an event log's cursor.
pub struct Projection {
    // ok: MCP103
    last_event_id: u64,
}

impl Projection {
    // ok: MCP103
    pub fn replay_since(&self, _from: u64) {}
}
