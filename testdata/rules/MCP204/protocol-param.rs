// A legacy revision passed to the project's own function, to its parameter named for the protocol.
use rmcp::model::Implementation;

pub struct Sessions;

impl Sessions {
    pub fn create_session(&self, info: &Implementation, protocol_version: &str) -> String {
        format!("{}@{protocol_version}", info.name)
    }

    pub fn create_record(&self, info: &Implementation, created: &str) -> String {
        format!("{}@{created}", info.name)
    }
}

pub fn open_sessions(sessions: &Sessions, info: &Implementation) -> Vec<String> {
    vec![
        sessions.create_session(info, "2025-06-18"), // expect: MCP204
        sessions.create_session(info, "2026-07-28"), // ok: MCP204
        sessions.create_record(info, "2025-06-18"),  // ok: MCP204
    ]
}
