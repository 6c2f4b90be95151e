use crate::registry::SessionRegistry;

pub struct State {
    pub registry: SessionRegistry,
}

pub fn start() -> State {
    // expect: MCP101
    State { registry: SessionRegistry::new() }
}

pub fn end(state: &mut State, sid: &str) {
    // expect: MCP101
    state.registry.remove_session(sid);
}

pub fn close(registry: &mut SessionRegistry, session_id: &str) {
    // expect: MCP101
    registry.remove_session(session_id);
}

pub fn count(state: &State) -> usize {
    // Reading the size is not keyed by a session.
    // ok: MCP101
    state.registry.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds() {
        // A test that builds the store is not a place to change.
        // ok: MCP101
        let _ = SessionRegistry::new();
    }
}
