//! MCP301 `removed-ping`: `ping` requests and handlers.
//!
//! A name list: `"ping"` counts only where a method name goes (a `method:` value, a dispatch
//! arm, a handler registration), calls count only on MCP receivers. A `ping_interval` option of
//! a WebSocket or socket.io configuration schedules that protocol's own ping frames, not MCP's.
//!
//! Fix (unsafe): a `ping` call that is a statement of its own (`await client.ping();`) is
//! removed with its line. Handlers, dispatch arms and pings whose result is used get none.

use crate::engine::FileCx;
use crate::patterns::{self, name_words};
use crate::rules::Rule;
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &RemovedPing;

struct RemovedPing;

impl Rule for RemovedPing {
    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        let before = cx.reported();
        patterns::check_unless(node, cx, |n| socket_option(n) || switched_by_sibling(n));
        if cx.reported() > before && node.kind() == Kind::Call && matches!(node.call_name(), Some("ping" | "send_ping")) {
            patterns::fix_by_removing_call(node, "Remove the `ping` call", cx);
        }
    }
}

/// fastmcp's `ping: { enabled, intervalMs }`: the switch decides. Switched off, the interval
/// schedules nothing; switched on, the switch is the finding, and the option gets one.
fn switched_by_sibling(node: NodeRef<'_>) -> bool {
    node.kind() == Kind::Pair
        && node.text() == "intervalMs"
        && node.parent().is_some_and(|o| o.children().any(|p| p.kind() == Kind::Pair && p.text() == "enabled"))
}

/// `WebSocketConfig { ping_interval, .. }`, `new WebSocketServer({ pingInterval })`,
/// `io(server, { pingInterval })`: an option of a socket configuration.
fn socket_option(node: NodeRef<'_>) -> bool {
    if node.kind() != Kind::Pair {
        return false;
    }
    let Some(object) = node.parent().filter(|o| o.kind() == Kind::Object) else { return false };
    let socket = |name: &str| name == "io" || name_words(name).iter().any(|w| matches!(w.as_str(), "websocket" | "ws" | "socket"));
    let by_struct = socket(object.text());
    let by_call = object.role() == Role::Arg
        && object.parent().filter(|c| c.kind() == Kind::Call).and_then(|c| c.call_name()).is_some_and(socket);
    let by_key = object.parent().filter(|p| p.kind() == Kind::Pair).is_some_and(|p| socket(p.text()));
    by_struct || by_call || by_key
}
