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
    /// Routes a message to the session it names: the key comes from inside the message.
    pub fn deliver(&mut self, message: Message) {
        if let Some(session) = self.sessions.get_mut(&message.session) {
            session.push(message);
        }
    }
    /// Drops the sessions idle for longer than `ttl`.
    pub fn evict_stale(&mut self, ttl: u64) {
        self.sessions.retain(|_, s| s.idle() < ttl);
    }
    /// Sends a message to every session: it works no one entry.
    pub fn broadcast(&self, message: &Message) {
        for session in self.sessions.values() {
            session.notify(message);
        }
    }
}

pub struct Message {
    pub session: String,
}
