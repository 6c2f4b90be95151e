//! The handlers the dispatcher routes to, in a file of their own.
use super::App;
use crate::types::InitializeResult;

impl App {
    // expect: MCP201
    // expect-dual: MCP201=note
    pub(super) async fn init() -> InitializeResult {
        // expect: MCP201
        // expect-dual: MCP201=note
        InitializeResult { protocol_version: String::new() }
    }

    // expect: MCP301
    // expect-dual: MCP301=note
    pub(super) async fn ping() {}

    // ok: MCP301
    pub(super) async fn tools() {}

    // expect: MCP303
    // expect-dual: MCP303=note
    pub(super) async fn subscribe() {}

    pub(super) async fn discover() {}
}
