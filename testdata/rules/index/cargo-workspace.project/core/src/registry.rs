//! A registry of protocol sessions, used from other modules.
use std::collections::HashMap;

pub struct McpSession;

pub struct SessionRegistry {
    // expect: MCP101
    sessions: HashMap<String, McpSession>,
}

impl SessionRegistry {
    pub fn new() -> Self {
        SessionRegistry { sessions: HashMap::new() }
    }
    pub fn remove_session(&mut self, sid: &str) {
        self.sessions.remove(sid);
    }
    pub fn len(&self) -> usize {
        self.sessions.len()
    }
}
