//! MCP602 `request-state-integrity`: `requestState` parsed or rewritten by a client (error), or
//! decoded by a server that never verifies it (warning).
//!
//! Every decoding call (`JSON.parse`, `atob`, `serde_json::from_str`, base64 `decode`) and
//! string operation whose operand is the state, directly or through one local variable, is a
//! candidate. Its side comes from where the state was read (`result.requestState` is a
//! response, `request.params.requestState` a request), else from the function around it. Client
//! retries (objects with `inputResponses`) must carry the state they received, unchanged.
//! One finding per function and side; all name lists are the rule's `[data]`. Test code is
//! not read: a test that inspects or tampers with the state checks the integrity check.

use std::collections::HashSet;

use crate::engine::FileCx;
use crate::patterns::{is_unset, see_through};
use crate::rules::{Level, Rule, RuleMeta};
use crate::tree::{Kind, NodeId, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &RequestStateIntegrity;

struct RequestStateIntegrity;

struct Names<'m> {
    state: Vec<String>,
    decode: &'m [&'m str],
    inspect: &'m [&'m str],
    server_inspect: &'m [&'m str],
    passthrough: &'m [&'m str],
    encode: &'m [&'m str],
    verify: &'m [&'m str],
    client_objects: &'m [&'m str],
    server_objects: &'m [&'m str],
    client_markers: &'m [&'m str],
    server_markers: &'m [&'m str],
    handlers: &'m [&'m str],
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Side {
    Client,
    Server,
}

impl<'m> Names<'m> {
    fn of(meta: &'static RuleMeta) -> Self {
        Names {
            state: meta.data_strings("state_names").iter().map(|s| fold(s)).collect(),
            decode: meta.data_strings("decode_calls"),
            inspect: meta.data_strings("inspect_calls"),
            server_inspect: meta.data_strings("server_decode_inspect_calls"),
            passthrough: meta.data_strings("passthrough_calls"),
            encode: meta.data_strings("encode_calls"),
            verify: meta.data_strings("verify_names"),
            client_objects: meta.data_strings("client_objects"),
            server_objects: meta.data_strings("server_objects"),
            client_markers: meta.data_strings("client_markers"),
            server_markers: meta.data_strings("server_markers"),
            handlers: meta.data_strings("handler_calls"),
        }
    }

    /// `requestState`, `x.request_state`, `x["requestState"]`; not the SDK's accessor call.
    fn is_state(&self, node: NodeRef<'_>) -> bool {
        let node = see_through(node);
        match node.kind() {
            Kind::Ident | Kind::Member => {
                self.state.contains(&fold(node.text())) && !(node.role() == Role::Callee)
            }
            Kind::Index => node.child(Role::Index).is_some_and(|i| i.kind() == Kind::Str && self.state.contains(&fold(i.text()))),
            _ => false,
        }
    }

    /// The state node an expression carries: the state itself, the state through calls that
    /// pass it on (`request_state.as_deref().unwrap_or("")`, `Some(state)`), or a local variable
    /// initialized from one.
    fn carried_state<'t>(&self, expr: NodeRef<'t>, depth: u8) -> Option<NodeRef<'t>> {
        let expr = see_through(expr);
        if self.is_state(expr) {
            return Some(see_through(expr));
        }
        match expr.kind() {
            Kind::Call => {
                let name = expr.call_name().unwrap_or_default();
                let receiver = expr.receiver();
                if self.passthrough.contains(&name)
                    || matches!(name, "unwrap_or" | "unwrap_or_default" | "unwrap" | "expect")
                {
                    return receiver.and_then(|r| self.carried_state(r, depth));
                }
                // `Some(state)`, `String::from(state)`
                let wraps = match receiver {
                    None => matches!(name, "Some" | "Ok" | "String"),
                    Some(r) => name == "from" && r.is_ident("String"),
                };
                if wraps {
                    return expr.arg(0).and_then(|a| self.carried_state(a, depth));
                }
                None
            }
            // `response.requestState ?? saved`, `a || b`
            Kind::Binary if matches!(expr.text(), "??" | "||") => {
                expr.children().find_map(|operand| self.carried_state(operand, depth))
            }
            Kind::Ident if depth > 0 => {
                let var = local_var(expr)?;
                var.value().and_then(|init| self.carried_state(init, depth - 1))
            }
            _ => None,
        }
    }

    /// The state anywhere inside an argument (`atob(result.requestState)`, `&raw`).
    fn state_in<'t>(&self, expr: NodeRef<'t>) -> Option<NodeRef<'t>> {
        if let Some(s) = self.carried_state(expr, 2) {
            return Some(s);
        }
        let scope_end = expr;
        expr.descendants()
            .filter(|d| !d.ancestors().take_while(|a| a.id() != scope_end.id()).any(|a| a.kind() == Kind::Fn))
            .find_map(|d| if d.kind() == Kind::Ident || self.is_state(d) { self.carried_state(d, 2) } else { None })
    }

    /// Which side a use of `state` is on: from the object it is read from, else from the
    /// function around `site`; code that says nothing is treated as server code.
    fn side(&self, state: NodeRef<'_>, site: NodeRef<'_>) -> Side {
        if let Some(object) = state.object().filter(|_| state.kind() != Kind::Ident) {
            let object = see_through(object);
            if object.kind() == Kind::Call && object.call_name().is_some_and(|n| self.client_markers.contains(&n)) {
                return Side::Client;
            }
            if let Some(last) = object.path_segments().last() {
                let l = last.to_ascii_lowercase();
                if self.client_objects.iter().any(|c| c.eq_ignore_ascii_case(&l)) || l.ends_with("result") || l.ends_with("response") {
                    return Side::Client;
                }
                if self.server_objects.iter().any(|c| c.eq_ignore_ascii_case(&l)) {
                    return Side::Server;
                }
            }
        }
        let scope = unit(site, self.handlers);
        if in_handler(site, self.handlers) || self.marked(scope, self.server_markers) {
            return Side::Server;
        }
        if self.marked(scope, self.client_markers) {
            return Side::Client;
        }
        Side::Server
    }

    /// Whether a scope does one of `markers`: builds it as a key (`inputRequests: …`), calls it
    /// (`inputRequired(…)`), or constructs it (`InputRequiredResult::new(…)`,
    /// `InputRequiredResult { … }`). Naming it as a type says nothing: clients receive the same
    /// types servers build.
    fn marked(&self, scope: NodeRef<'_>, markers: &[&str]) -> bool {
        std::iter::once(scope).chain(scope.descendants()).any(|n| match n.kind() {
            Kind::Pair | Kind::Object => markers.contains(&n.text()),
            Kind::Call => {
                n.call_name().is_some_and(|c| markers.contains(&c))
                    || n.receiver().is_some_and(|r| r.kind() == Kind::Ident && markers.contains(&r.text()))
            }
            _ => false,
        })
    }

    /// Whether a scope verifies integrity: a call or name from `verify_names`.
    fn verifies(&self, scope: NodeRef<'_>) -> bool {
        std::iter::once(scope).chain(scope.descendants()).any(|n| match n.kind() {
            Kind::Call => n.call_name().is_some_and(|c| self.verify.contains(&c)),
            Kind::Ident | Kind::Type => self.verify.contains(&n.text()),
            _ => false,
        })
    }

    /// `callee` matches a `decode_calls` entry: a bare name, or `Receiver.name`.
    fn is_decode(&self, call: NodeRef<'_>) -> bool {
        let Some(name) = call.call_name() else { return false };
        self.decode.iter().any(|entry| match entry.rsplit_once('.') {
            Some((qual, n)) => {
                n == name && call.receiver().and_then(|r| r.path_segments().last().copied()).is_some_and(|q| q == qual)
            }
            None => *entry == name,
        })
    }
}

impl Rule for RequestStateIntegrity {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        Vec::new()
    }

    fn check_file(&self, cx: &mut FileCx<'_>) {
        let names = Names::of(cx.meta());
        let tree = cx.tree;
        let mut reported: HashSet<(NodeId, Side)> = HashSet::new();
        // A test that checks the sealed format or tampers with the state on purpose tests the
        // integrity check; it is no client and no server. (Asked only of a node that would be
        // reported: the walk up to a test is costlier than the checks before it.)
        let in_test = |node: NodeRef<'_>| crate::test_code::in_test(node, cx.path);
        for node in tree.nodes() {
            match node.kind() {
                Kind::Call => {
                    let Some(name) = node.call_name() else { continue };
                    let decode = names.is_decode(node);
                    let inspect = names.inspect.contains(&name);
                    if !decode && !inspect {
                        continue;
                    }
                    // `JSON.parse(state)`, `atob(…)`; `state.parse::<T>()`, `state.split('.')`.
                    let on_receiver = node.receiver().and_then(|r| names.carried_state(r, 2));
                    let in_args = if decode { node.args().find_map(|a| names.state_in(a)) } else { None };
                    let Some(state) = on_receiver.or(in_args) else { continue };
                    if (inspect && !decode && on_receiver.is_none()) || in_test(node) {
                        continue;
                    }
                    let side = names.side(state, node);
                    let scope = unit(node, names.handlers);
                    let callee = match on_receiver {
                        Some(_) => format!(".{name}()"),
                        None => node.callee().map(|c| crate::engine::normalized(cx.text(c))).unwrap_or_default(),
                    };
                    match side {
                        Side::Client => {
                            if !reported.insert((scope.id(), side)) {
                                continue;
                            }
                            let message = if decode {
                                format!("the client decodes `requestState` with `{callee}`; clients must echo it unchanged")
                            } else {
                                format!("the client inspects `requestState` with `{callee}`; it is opaque to clients")
                            };
                            cx.report(node, message).with_level(Level::Error);
                        }
                        Side::Server => {
                            if !decode && !names.server_inspect.contains(&name) {
                                continue;
                            }
                            if names.verifies(scope) || !reported.insert((scope.id(), side)) {
                                continue;
                            }
                            let message = format!(
                                "decodes `requestState` with `{callee}` in {} without verifying it (no HMAC/AEAD check or sealing codec)",
                                describe(scope)
                            );
                            cx.report(node, message).with_level(Level::Warning);
                        }
                    }
                }
                // A client retry that sends a state it built: `{ inputResponses, requestState: btoa(…) }`.
                Kind::Pair => {
                    if !names.state.contains(&fold(node.text())) {
                        continue;
                    }
                    let Some(object) = node.parent().filter(|o| o.kind() == Kind::Object) else { continue };
                    let retry = object.keys().any(|k| matches!(k, "inputResponses" | "input_responses"));
                    let Some(value) = node.value() else { continue };
                    if !retry || !built(value, &names) || in_test(node) {
                        continue;
                    }
                    // A server building a handler context with the same keys is not a retry.
                    let scope = unit(node, names.handlers);
                    let server = in_handler(node, names.handlers)
                        || names.marked(scope, names.server_markers)
                        || names.verifies(scope);
                    if server || !reported.insert((scope.id(), Side::Client)) {
                        continue;
                    }
                    let shown = crate::engine::normalized(cx.text(value));
                    let shown = if shown.chars().count() > 50 {
                        format!("{}…", shown.chars().take(50).collect::<String>())
                    } else {
                        shown
                    };
                    cx.report(node, format!("the retry sends a `requestState` the client built (`{shown}`) instead of echoing the server's value"))
                        .with_level(Level::Error);
                }
                _ => {}
            }
        }
    }
}

/// A value the client constructed rather than received: a rewrite of a received state
/// (`${state}.x`, `state.trim()`, `state + x`) or an encoding of its own
/// (`btoa(JSON.stringify(s))`). Literals are test data, and unknown calls are not provably built.
fn built(value: NodeRef<'_>, names: &Names<'_>) -> bool {
    let value = see_through(value);
    if is_unset(value) || names.carried_state(value, 2).is_some() {
        return false;
    }
    let rewrites = matches!(value.kind(), Kind::Template | Kind::Binary | Kind::Call | Kind::Macro)
        && names.state_in(value).is_some();
    let encodes = value.kind() == Kind::Call && value.call_name().is_some_and(|n| names.encode.contains(&n));
    rewrites || encodes
}

/// Lower-cased, without `_`: `requestState` and `request_state` fold to the same word.
fn fold(s: &str) -> String {
    s.chars().filter(|&c| c != '_').collect::<String>().to_ascii_lowercase()
}

/// The local variable an identifier refers to: the last `let`/`const` of that name before it in
/// the enclosing function (or file).
fn local_var(ident: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let scope = ident.enclosing(Kind::Fn).unwrap_or_else(|| ident.tree().root());
    scope
        .descendants()
        .filter(|v| v.kind() == Kind::Var && v.text() == ident.text() && v.end() <= ident.start())
        .last()
}

/// The function a finding belongs to: the nearest enclosing function that has a name or is a
/// request handler (closures passed to `map`, `then` belong to their parent), else the file.
fn unit<'t>(node: NodeRef<'t>, handlers: &[&str]) -> NodeRef<'t> {
    for f in node.ancestors().filter(|a| a.kind() == Kind::Fn) {
        let named = !f.text().is_empty() || (f.role() == Role::Init && f.parent().is_some_and(|v| v.kind() == Kind::Var));
        let handler = f.role() == Role::Arg && f.parent().and_then(|c| c.call_name()).is_some_and(|n| handlers.contains(&n));
        let method = f.parent().is_some_and(|p| p.kind() == Kind::Pair);
        if named || handler || method {
            return f;
        }
    }
    node.tree().root()
}

/// Whether a node lies inside a request handler callback, or a function decorated as one
/// (`@mcp.tool()` is named by its last segment).
fn in_handler(node: NodeRef<'_>, handlers: &[&str]) -> bool {
    node.ancestors().any(|f| {
        f.kind() == Kind::Fn
            && !f.children_with(Role::Attr).any(|a| a.contains(node))
            && (f.role() == Role::Arg && f.parent().and_then(|c| c.call_name()).is_some_and(|n| handlers.contains(&n))
                || f.children_with(Role::Attr).any(|a| handlers.contains(&a.text().rsplit('.').next().unwrap_or_default())))
    })
}

/// How a message names a function.
fn describe(scope: NodeRef<'_>) -> String {
    let name = match scope.parent() {
        Some(v) if scope.role() == Role::Init && v.kind() == Kind::Var => v.text(),
        Some(p) if p.kind() == Kind::Pair => p.text(),
        _ => scope.text(),
    };
    match scope.kind() {
        Kind::Fn if !name.is_empty() => format!("`{name}`"),
        Kind::Fn => "this handler".to_string(),
        _ => "this file".to_string(),
    }
}
