//! Another package of the workspace, not MCP code: its own `PING` is a network probe.
pub const PING: &str = "ping";

pub fn probe(transport: &Transport) {
    // ok: MCP301
    transport.request(PING, None);
}
