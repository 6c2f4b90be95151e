//! Sweeps idle entries on a timer; its body names no protocol word, only its signature does.
use crate::registry::SessionRegistry;
use std::sync::Arc;

pub async fn janitor(reg: Arc<SessionRegistry>, mut ticker: Ticker, ttl: u64) {
    loop {
        tokio::select! {
            // expect: MCP101
            _ = ticker.tick() => reg.evict_stale(ttl),
        }
    }
}

pub async fn idle(mut ticker: Ticker) {
    loop {
        ticker.tick().await;
    }
}

/// The header the sessions were keyed by, for the log line.
pub fn header_name() -> &'static str {
    // expect: MCP102
    "Mcp-Session-Id"
}
