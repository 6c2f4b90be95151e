//! The loops that keep the session registry: they route messages and sweep idle sessions.
use crate::registry::{Message, SessionRegistry};

pub async fn sweep(mut registry: SessionRegistry, mut ticker: Ticker, mut rx: Receiver<Message>, ttl: u64) {
    loop {
        tokio::select! {
            // expect: MCP101
            _ = ticker.tick() => registry.evict_stale(ttl),
            Some(message) = rx.recv() => route(&mut registry, message),
        }
    }
}

pub fn route(registry: &mut SessionRegistry, message: Message) {
    // expect: MCP101
    registry.deliver(message);
}

pub fn announce(registry: &SessionRegistry, message: &Message) {
    // Every session at once: no session's entry is worked.
    // ok: MCP101
    registry.broadcast(message);
}

pub fn size(registry: &SessionRegistry) -> usize {
    // ok: MCP101
    registry.len()
}
