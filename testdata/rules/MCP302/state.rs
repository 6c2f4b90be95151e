// A server that keeps the log level `logging/setLevel` sets, and the request-scoped level
// that replaces it.
use rmcp::model::LoggingLevel;

pub struct Server {
    // expect: MCP302
    log_level: std::sync::RwLock<LoggingLevel>,
}

impl Server {
    // expect: MCP302
    pub fn set_log_level(&self, level: LoggingLevel) {
        if let Ok(mut l) = self.log_level.write() {
            *l = level;
        }
    }

    // Emitting at a level is not setting one.
    // ok: MCP302
    pub fn log(&self, level: LoggingLevel, message: &str) {
        let _ = (level, message);
    }
}

pub struct RequestMeta {
    // The 2026-07-28 per-request level.
    // ok: MCP302
    log_level: Option<LoggingLevel>,
}
