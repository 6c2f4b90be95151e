//! MCP201 `initialize-handshake`: the removed `initialize` / `notifications/initialized`
//! handshake, sent or handled, and what it carried stored for the connection.
//!
//! The handshake's names are the rule's `[[match]]` list. The code here finds the second
//! half of the catalogue entry: inside an `initialize` handler, a value taken from the request's
//! `capabilities`, `clientInfo` or `protocolVersion` and kept beyond the request (on `this` or
//! `self`, in a map, in a variable declared outside the handler), and rmcp's server-side
//! `peer_info()`. Everything reported is the legacy path itself, so every finding is a legacy
//! handler that `--target dual` turns into a note.

use crate::engine::FileCx;
use crate::patterns::{self, is_method_expr};
use crate::rules::{Level, Rule, RuleMeta};
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &InitializeHandshake;

struct InitializeHandshake;

impl Rule for InitializeHandshake {
    fn kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        let mut kinds = patterns::kinds(&meta.patterns);
        kinds.extend([Kind::Assign, Kind::Call]);
        kinds
    }

    fn own_kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        vec![Kind::Assign, Kind::Call]
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        match node.kind() {
            Kind::Assign => check_assignment(node, cx),
            Kind::Call => {
                if check_store_call(node, cx) || check_peer_info(node, cx) {
                    return;
                }
                patterns::check(node, cx);
            }
            // `Infer<typeof InitializeRequestSchema>` names the schema's type; it handles nothing.
            Kind::Ident => patterns::check_unless(node, cx, |n| n.ancestors().any(|a| a.kind() == Kind::Type)),
            // `server.oninitialized = …` registers the hook; reading it (to chain or call it) is
            // part of that one registration or of the SDK's own plumbing.
            Kind::Member if node.text() == "oninitialized" && node.role() != Role::Left => {}
            Kind::Member if node.text() == "oninitialized" => patterns::check_unless(node, cx, on_apps_bridge),
            _ => patterns::check(node, cx),
        }
    }
}

/// `bridge.oninitialized = …` on an MCP Apps bridge (`new AppBridge(…)` from
/// `@modelcontextprotocol/ext-apps`): the host and view's own `ui/initialize` handshake over
/// `postMessage`, which 2026-07-28 leaves alone.
fn on_apps_bridge(member: NodeRef<'_>) -> bool {
    let Some(object) = member.object().filter(|o| o.kind() == Kind::Ident) else { return false };
    let root = member.tree().root();
    patterns::variable_classes(object)
        .iter()
        .any(|class| patterns::imported_export(root, class, Some(&["@modelcontextprotocol/ext-apps"])).is_some())
}

/// `this.clientCaps = request.params.capabilities` inside an `initialize` handler.
fn check_assignment(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let (Some(left), Some(right)) = (node.child(Role::Left), node.child(Role::Right)) else { return };
    let carried = cx.data("carried_keys");
    let Some(key) = carried_member(right, carried) else { return };
    let Some(handler) = initialize_handler(node, cx) else { return };
    // A spy in a test double records what the client sent for the test to check.
    if !outlives_request(left, handler) || patterns::in_test_double(node) {
        return;
    }
    let message = format!(
        "stores the client's {} from `initialize` for the connection; 2026-07-28 requests carry it in `_meta` each time",
        describe(key)
    );
    let at = left.span();
    cx.report_range(at, message).legacy_handler(true);
}

/// `clients.set(id, request.params.clientInfo)` inside an `initialize` handler.
fn check_store_call(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let Some(name) = node.call_name() else { return false };
    if !cx.data("store_calls").contains(&name) || node.receiver().is_none() {
        return false;
    }
    let carried = cx.data("carried_keys");
    let Some(key) = node.args().find_map(|a| carried_member(a, carried)) else { return false };
    if initialize_handler(node, cx).is_none() || patterns::in_test_double(node) {
        return false;
    }
    let message = format!(
        "keeps the client's {} from `initialize` with `{name}` for the connection; 2026-07-28 requests carry it in `_meta` each time",
        describe(key)
    );
    cx.report(node, message).legacy_handler(true);
    true
}

/// rmcp `context.peer.peer_info()` on the server side: the client's `initialize` params.
fn check_peer_info(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    if node.call_name() != Some("peer_info") || !cx.mcp() {
        return false;
    }
    let Some(receiver) = node.receiver() else { return false };
    let segments = receiver.path_segments();
    let via_peer = segments.iter().any(|s| s.eq_ignore_ascii_case("peer"));
    let server_side = segments.iter().any(|s| matches!(*s, "context" | "ctx" | "request_context"))
        || node.ancestors().any(|a| {
            a.kind() == Kind::Container && patterns::implements_any(a, &["ServerHandler".to_string()])
        });
    if !(via_peer && server_side) {
        return false;
    }
    cx.report(node, "reads `peer_info()`, the client data the server stored at `initialize`; 2026-07-28 requests carry it in `_meta`")
        .with_level(Level::Warning)
        .with_hint("Use `context.client_info()` and `context.client_capabilities()`, which read the current request's `_meta`.")
        .legacy_handler(true);
    true
}

fn describe(key: &str) -> &'static str {
    match key {
        "capabilities" => "capabilities",
        "clientInfo" | "client_info" => "client info",
        _ => "negotiated protocol version",
    }
}

/// The carried key a value reads (`request.params.capabilities` → `capabilities`).
fn carried_member<'t>(value: NodeRef<'t>, carried: &[&str]) -> Option<&'t str> {
    std::iter::once(value).chain(value.descendants()).find_map(|n| {
        let reads = n.kind() == Kind::Member
            && carried.contains(&n.text())
            && n.object().is_some_and(|o| !(o.kind() == Kind::Ident && matches!(o.text(), "this" | "self")));
        reads.then(|| n.text())
    })
}

/// Whether `handler` declares a variable `name` and returns it (`return result`, `Ok(info)`,
/// a tail expression `info`).
fn returns_local(handler: NodeRef<'_>, name: &str) -> bool {
    let declared = handler.descendants().any(|n| n.kind() == Kind::Var && n.text() == name);
    if !declared {
        return false;
    }
    // The handler's own returns, not those of a closure inside it.
    let owner = if handler.kind() == Kind::Fn { Some(handler) } else { handler.enclosing(Kind::Fn) };
    let returned = handler
        .descendants()
        .filter(|n| n.kind() == Kind::Return && n.enclosing(Kind::Fn) == owner)
        .filter_map(|r| r.children().next());
    let tail = (handler.kind() == Kind::Fn)
        .then(|| handler.child(Role::Body))
        .flatten()
        .and_then(|body| if body.kind() == Kind::Block { body.children().last() } else { Some(body) });
    returned.chain(tail).any(|value| {
        // `Ok(info)`, `Some(info)`
        let value = match value.kind() {
            Kind::Call if value.call_name().is_some_and(|n| n == "Ok" || n == "Some") && value.args().count() == 1 => {
                value.arg(0).unwrap_or(value)
            }
            _ => value,
        };
        value.is_ident(name)
    })
}

/// The node (a function, a `case`, an `if` branch) that handles `initialize` around `node`.
fn initialize_handler<'t>(node: NodeRef<'t>, cx: &FileCx<'_>) -> Option<NodeRef<'t>> {
    let handler_calls = cx.data("handler_calls");
    let markers = cx.data("initialize_markers");
    let mut child = node;
    for a in node.ancestors() {
        let found = match a.kind() {
            Kind::Fn => {
                let by_name = matches!(a.text(), "initialize" | "handle_initialize_request")
                    && a.parent().is_some_and(|c| {
                        c.kind() == Kind::Container && (a.text() != "initialize" || patterns::implements_any(c, &["ServerHandler".to_string()]))
                    });
                let registered = a.role() == Role::Arg
                    && a.parent().is_some_and(|call| {
                        call.call_name().is_some_and(|n| handler_calls.contains(&n))
                            && call.arg(0).is_some_and(|m| markers.contains(&m.text()) && matches!(m.kind(), Kind::Str | Kind::Ident | Kind::Member))
                    });
                by_name || registered
            }
            Kind::Case => a.children_with(Role::Pattern).any(|p| p.str_value() == Some("initialize")),
            Kind::If => {
                child.role() == Role::Then
                    && a.child(Role::Cond).is_some_and(|c| {
                        std::iter::once(c).chain(c.descendants()).any(|n| {
                            n.str_value() == Some("initialize")
                                && n.parent().is_some_and(|b| {
                                    b.kind() == Kind::Binary && matches!(b.text(), "==" | "===") && b.children().any(is_method_expr)
                                })
                        })
                    })
            }
            _ => false,
        };
        if found {
            return Some(a);
        }
        child = a;
    }
    None
}

/// Whether assigning to `left` keeps the value after the handler returns.
fn outlives_request(left: NodeRef<'_>, handler: NodeRef<'_>) -> bool {
    match left.kind() {
        // `result.protocolVersion = …` where the handler returns `result`: the response being
        // built, not state kept for the connection.
        Kind::Member | Kind::Index => !left.chain_root().is_some_and(|o| returns_local(handler, o.text())),
        // `*self.caps.lock().await = …`
        Kind::Unary => left.text() == "*",
        // A variable declared outside the handler (module state, a captured outer variable).
        Kind::Ident => {
            let name = left.text();
            let scope = handler.enclosing(Kind::Fn).filter(|_| handler.kind() != Kind::Fn).unwrap_or(handler);
            !std::iter::once(scope).chain(scope.descendants()).any(|n| {
                (n.kind() == Kind::Var || n.kind() == Kind::Param) && n.text() == name
            })
        }
        _ => false,
    }
}
