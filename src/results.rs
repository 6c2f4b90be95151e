//! Hand-built JSON-RPC results: where code writes a result object itself, and which method it
//! answers. The result-shape rules (MCP403 `resultType`, MCP404 cache hints) share this.
//!
//! Two shapes count. An envelope, `{ jsonrpc: '2.0', id, result: {…} }` or
//! `json!({"jsonrpc": "2.0", "result": …})`, wherever it is built; and the value a hand-written
//! dispatch returns for a known method: `case 'tools/list': return { tools }`,
//! `"tools/list" => json!({"tools": …})`, `if (req.method === 'tools/list') return {…}`, or the
//! function under a method key of a handler table (`{ 'tools/list': () => ({ tools }) }`).
//! Dispatch inside an SDK handler callback (`setRequestHandler(…, req => { switch … })`) is the
//! SDK's to complete and does not count.

use crate::patterns::{is_method_position, see_through};
use crate::tree::{Kind, NodeRef, Role};

/// What the finder needs to know; each rule passes the lists from its own `[data]`.
pub struct Finder<'a> {
    /// Methods whose dispatch arms return results (`tools/list`, `initialize`, …), each with
    /// the space-separated keys its result has (`tools/list` → `tools`; empty for `{}` results):
    /// a value returned from an arm counts only when it looks like that method's result.
    pub shapes: &'a [(&'a str, &'a str)],
    /// Top-level result keys that say which method an envelope answers (`tools` → `tools/list`).
    pub key_methods: &'a [(&'a str, &'a str)],
    /// Handler registrations whose callbacks' results the SDK completes.
    pub sdk_handlers: &'a [&'a str],
    /// Calls that wrap a value without changing it (`Ok(…)`, `Some(…)`, axum `Json(…)`).
    pub wrappers: &'a [&'a str],
    /// Assertion calls: an envelope passed to one (`expect(x).toEqual({…})`) is an expectation,
    /// not a result.
    pub assertions: &'a [&'a str],
    /// MCP client APIs (`listTools`, `call_tool`): an arm value built from what one returns
    /// re-shapes a response the code received.
    pub client_apis: &'a [&'a str],
}

/// Keys any result may carry, whatever its method.
const ANY_RESULT_KEYS: &[&str] = &["resultType", "inputRequests", "requestState"];

/// One hand-built result.
#[derive(Clone, Copy, Debug)]
pub struct HandBuilt<'t> {
    /// The result object itself (an `Object`).
    pub result: NodeRef<'t>,
    /// The byte range to report: the envelope's `result` key, or the start of the returned value.
    pub at: (usize, usize),
    /// The method it answers, when the dispatch arm or its keys say.
    pub method: Option<&'t str>,
    /// Written as a whole JSON-RPC envelope (`jsonrpc` + `result`).
    pub envelope: bool,
}

impl HandBuilt<'_> {
    /// Whether the result object has this key.
    pub fn has_key(&self, key: &str) -> bool {
        self.result.keys().any(|k| k == key)
    }

    /// Whether the result spreads another object into itself (`{ ...base }`): its keys are then
    /// unknown.
    pub fn has_spread(&self) -> bool {
        self.result.children().any(|c| c.kind() == Kind::Spread)
    }
}

/// Whether a hand-built result is one a 2026-07-28 server owes `resultType` and cache hints:
/// not the result of a method 2026-07-28 removed (`initialize`, `ping`: the method itself is
/// the finding), not a test double that plays a 2025 server (one that never answers
/// `server/discover` nor sets `resultType`: clients must accept it as it is), not an empty
/// placeholder reply of a test double, and not a double the test asserts is never reached.
pub fn owes_modern_fields(found: &HandBuilt<'_>, path: &str, removed_methods: &[&str]) -> bool {
    if found.method.is_some_and(|m| removed_methods.contains(&m)) {
        return false;
    }
    let at = found.result;
    if crate::test_code::asserted_unreached(at) {
        return false;
    }
    if !crate::test_code::in_test(at, path) {
        return true;
    }
    // An empty result for an unknown method in a test is a placeholder reply (to a `ping`, a
    // notification, a message the test does not look at).
    let placeholder = found.method.is_none() && at.children().next().is_none();
    !placeholder && crate::test_code::plays_modern_server(crate::test_code::double_scope(at))
}

impl<'a> Finder<'a> {
    /// The node kinds [`find`](Self::find) looks at.
    pub const KINDS: [Kind; 4] = [Kind::Object, Kind::Return, Kind::Case, Kind::Fn];

    /// The hand-built result at `node`, if there is one: an envelope `Object`, or the value a
    /// `Return`, a `Case` body or a handler-table function yields for a known method.
    pub fn find<'t>(&self, node: NodeRef<'t>) -> Option<HandBuilt<'t>>
    where
        'a: 't,
    {
        match node.kind() {
            Kind::Object => self.envelope(node),
            Kind::Return => {
                let value = node.children().next()?;
                self.returned(value, node)
            }
            // A Rust arm: `"tools/list" => json!({…})` or `=> { …; json!({…}) }`.
            Kind::Case => {
                let body = node.child(Role::Body)?;
                let value = if body.kind() == Kind::Block { tail(body)? } else { body };
                self.returned(value, node)
            }
            // `{ 'tools/list': async () => ({ tools }) }`
            Kind::Fn => {
                let body = node.child(Role::Body)?;
                let value = if body.kind() == Kind::Block { tail(body)? } else { body };
                self.returned(value, node)
            }
            _ => None,
        }
    }

    fn envelope<'t>(&self, object: NodeRef<'t>) -> Option<HandBuilt<'t>>
    where
        'a: 't,
    {
        if !object.text().is_empty() || !object.keys().any(|k| k == "jsonrpc") || !self.sent(object) {
            return None;
        }
        let pair = object.children().find(|c| c.kind() == Kind::Pair && c.text() == "result")?;
        let result = self.resolve_object(pair.value()?, 2)?;
        let method = self.dispatch_method(object).or_else(|| self.method_from_keys(result));
        Some(HandBuilt { result, at: pair.focus(), method, envelope: true })
    }

    /// The value `site` (a `Return`, `Case` or `Fn`) yields, when `site` answers a known method
    /// of a hand-written dispatch.
    fn returned<'t>(&self, value: NodeRef<'t>, site: NodeRef<'t>) -> Option<HandBuilt<'t>>
    where
        'a: 't,
    {
        let result = self.resolve_object(value, 2)?;
        // Envelopes and error bodies are not results.
        if result.keys().any(|k| matches!(k, "jsonrpc" | "error")) {
            return None;
        }
        let method = self.dispatch_method(site)?;
        if !self.looks_like(result, method) || self.inside_sdk_handler(site) || self.reshapes_client_response(result) {
            return None;
        }
        let shown = see_through(value);
        let at = match shown.kind() {
            Kind::Macro => (shown.start(), shown.start() + shown.text().len() + 1),
            _ => (shown.start(), shown.start() + 1),
        };
        Some(HandBuilt { result, at, method: Some(method), envelope: false })
    }

    /// Whether a value is built from what an MCP client call returned
    /// (`{ tools: (await client.listTools()).tools }`).
    fn reshapes_client_response(&self, value: NodeRef<'_>) -> bool {
        value.descendants().any(|n| {
            n.kind() == Kind::Call
                && n.receiver().is_some()
                && n.call_name().is_some_and(|c| self.client_apis.contains(&c))
        })
    }

    /// Whether an envelope is a message of its own: sent, returned, stored in a variable. One
    /// written as a field or array element of another literal is a record of a message (a log
    /// entry, sample data); one given to an assertion is an expectation.
    fn sent(&self, envelope: NodeRef<'_>) -> bool {
        let mut outer = envelope;
        while let Some(p) = outer.parent() {
            let wrapper = (p.kind() == Kind::Macro && p.text() == "json")
                || (p.kind() == Kind::Call
                    && outer.role() == Role::Arg
                    && p.receiver().is_none()
                    && p.call_name().is_some_and(|n| self.wrappers.contains(&n)));
            if !wrapper {
                break;
            }
            outer = p;
        }
        let Some(parent) = outer.parent() else { return true };
        match (outer.role(), parent.kind()) {
            (Role::Value, Kind::Pair) | (Role::Elem, Kind::Array) => false,
            (Role::Arg, Kind::Call | Kind::Macro) => !crate::patterns::is_assertion(parent, self.assertions),
            // `const EXPECTED = {…}; expect(frame).toEqual(EXPECTED)`: an expectation kept in a
            // variable.
            (Role::Init, Kind::Var) if !parent.text().is_empty() => !self.only_asserted(parent),
            _ => true,
        }
    }

    /// Whether a variable is used, and used only as an argument of assertions.
    fn only_asserted(&self, var: NodeRef<'_>) -> bool {
        let name = var.text();
        let scope = var.enclosing(Kind::Fn).unwrap_or_else(|| var.tree().root());
        let mut uses =
            scope.descendants().filter(|d| d.kind() == Kind::Ident && d.text() == name && !var.contains(*d)).peekable();
        uses.peek().is_some() && uses.all(|u| crate::patterns::in_expected_value(u, self.assertions))
    }

    /// Whether `result` looks like a result of `method`: it has one of the method's keys (or a
    /// key every result may have), or it is empty where the method's result is.
    fn looks_like(&self, result: NodeRef<'_>, method: &str) -> bool {
        let Some((_, shape)) = self.shapes.iter().find(|(m, _)| *m == method) else { return false };
        if shape.trim().is_empty() {
            return result.keys().all(|k| k == "_meta" || ANY_RESULT_KEYS.contains(&k));
        }
        result.keys().any(|k| ANY_RESULT_KEYS.contains(&k) || shape.split_whitespace().any(|s| s == k))
    }

    /// The object literal an expression evaluates to: the literal itself, through wrappers
    /// (`Ok(json!({…}))`), or a local variable initialized with one.
    pub fn resolve_object<'t>(&self, expr: NodeRef<'t>, depth: u8) -> Option<NodeRef<'t>> {
        let expr = see_through(expr);
        match expr.kind() {
            Kind::Object if expr.text().is_empty() => Some(expr),
            Kind::Macro if expr.text() == "json" => expr.children().find(|c| c.kind() == Kind::Object),
            Kind::Call if expr.receiver().is_none() && expr.call_name().is_some_and(|n| self.wrappers.contains(&n)) => {
                self.resolve_object(expr.arg(0)?, depth)
            }
            Kind::Ident if depth > 0 => {
                let scope = expr.enclosing(Kind::Fn).unwrap_or_else(|| expr.tree().root());
                let var = scope
                    .descendants()
                    .filter(|v| v.kind() == Kind::Var && v.text() == expr.text() && v.end() <= expr.start())
                    .last()?;
                self.resolve_object(var.value()?, depth - 1)
            }
            _ => None,
        }
    }

    /// The method of the dispatch arm `node` is in: the nearest enclosing `case`/`match` arm on
    /// a method, the `then` branch of `if (method === '…')`, or a method key of a handler table
    /// holding the function around it. Stops at the function boundary.
    pub fn dispatch_method<'t>(&self, node: NodeRef<'t>) -> Option<&'t str> {
        for a in std::iter::once(node).chain(node.ancestors()) {
            match a.kind() {
                Kind::Case => {
                    let method = a
                        .children_with(Role::Pattern)
                        .flat_map(|p| std::iter::once(p).chain(p.descendants()))
                        .find(|p| p.kind() == Kind::Str && is_method_position(*p) && !is_http_verb(p.text()));
                    if let Some(m) = method {
                        return Some(m.text());
                    }
                }
                Kind::If if a.child(Role::Then).is_some_and(|t| t.contains(node)) => {
                    let cond = a.child(Role::Cond)?;
                    let method = std::iter::once(cond).chain(cond.descendants()).find(|s| {
                        s.kind() == Kind::Str
                            && is_method_position(*s)
                            && !is_http_verb(s.text())
                            && s.parent().is_some_and(|b| b.kind() == Kind::Binary && matches!(b.text(), "==" | "==="))
                    });
                    if let Some(m) = method {
                        return Some(m.text());
                    }
                }
                Kind::Fn => {
                    let pair = a.parent().filter(|p| p.kind() == Kind::Pair && a.role() == Role::Value)?;
                    return self.shapes.iter().any(|(m, _)| *m == pair.text()).then(|| pair.text());
                }
                _ => {}
            }
        }
        None
    }

    /// The method an envelope's result answers, from its keys (`tools` → `tools/list`).
    pub fn method_from_keys<'t>(&self, result: NodeRef<'t>) -> Option<&'t str>
    where
        'a: 't,
    {
        self.key_methods.iter().find(|(key, _)| result.keys().any(|k| k == *key)).map(|(_, m)| *m)
    }

    /// Whether `site` runs inside the callback of an SDK handler registration.
    fn inside_sdk_handler(&self, site: NodeRef<'_>) -> bool {
        std::iter::once(site).chain(site.ancestors()).filter(|a| a.kind() == Kind::Fn).any(|f| {
            f.role() == Role::Arg
                && f.parent().and_then(|c| c.call_name()).is_some_and(|n| self.sdk_handlers.contains(&n))
        })
    }
}

/// `request.method === 'POST'` in a test's HTTP server compares the HTTP method, which is
/// never a JSON-RPC one.
fn is_http_verb(method: &str) -> bool {
    matches!(method, "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS")
}

/// The value of a Rust block: its last statement when that is an expression.
fn tail(block: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let last = block.children().last()?;
    match last.kind() {
        Kind::Var | Kind::Return | Kind::Break | Kind::Continue | Kind::Fn | Kind::Container | Kind::Import => None,
        _ if block.tree().lang() == crate::tree::Lang::TypeScript => None,
        _ => Some(last),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::ts;

    fn finder() -> Finder<'static> {
        Finder {
            shapes: &[("tools/list", "tools"), ("tools/call", "content isError"), ("ping", "")],
            key_methods: &[("tools", "tools/list")],
            sdk_handlers: &["setRequestHandler"],
            wrappers: &["Ok", "Some"],
            assertions: &["toEqual"],
            client_apis: &["listTools"],
        }
    }

    fn found(src: &str) -> Vec<(Option<String>, bool)> {
        let t = ts(src);
        let f = finder();
        t.nodes()
            .filter(|n| Finder::KINDS.contains(&n.kind()))
            .filter_map(|n| f.find(n))
            .map(|h| (h.method.map(str::to_string), h.envelope))
            .collect()
    }

    #[test]
    fn envelopes_and_dispatch_arms() {
        let src = "function d(msg) { switch (msg.method) {\n\
                     case 'tools/list': return { tools: [] };\n\
                     case 'ping': { const r = {}; return r; }\n\
                     case 'notifications/initialized': return {};\n\
                     default: return { jsonrpc: '2.0', id: msg.id, error: { code: -32601 } };\n\
                   } }\n\
                   res.json({ jsonrpc: '2.0', id: 1, result: { tools: [] } });\n\
                   const log = [{ response: { jsonrpc: '2.0', id: 1, result: {} } }];\n\
                   expect(reply).toEqual({ jsonrpc: '2.0', id: 1, result: {} });\n\
                   if (req.method === 'tools/call') { return { content: [] }; }\n\
                   const table = { 'tools/list': async () => ({ tools: [] }) };";
        let got = found(src);
        assert_eq!(
            got,
            vec![
                (Some("tools/list".to_string()), false),
                (Some("ping".to_string()), false),
                (Some("tools/list".to_string()), true),
                (Some("tools/call".to_string()), false),
                (Some("tools/list".to_string()), false),
            ]
        );
    }

    #[test]
    fn an_http_method_is_no_dispatch_arm() {
        let src = "if (request.method === 'POST') { res.end(JSON.stringify({ jsonrpc: '2.0', id, result: {} })); }\n\
                   switch (req.method) { case 'GET': return { jsonrpc: '2.0', id: 1, result: {} }; }";
        assert_eq!(found(src), vec![(None, true), (None, true)]);
    }

    #[test]
    fn sdk_handlers_and_other_switches_are_not_hand_built() {
        let src = "server.setRequestHandler('x', async (req) => { switch (req.method) { case 'tools/list': return { tools: [] }; } });\n\
                   switch (args.name) { case 'add': return { content: [] }; }\n\
                   if (args.method === 'tools/list') { return { kind: 'ndjson', lines: [] }; }\n\
                   const call = { jsonrpc: '2.0', id: 1, method: 'tools/list' };";
        assert!(found(src).is_empty());
    }

    #[test]
    fn a_client_response_reshaped_is_no_result() {
        let src = "switch (method) { case 'tools/list': return { tools: (await client.listTools()).tools }; }\n\
                   switch (method) { case 'tools/list': return { tools: listTools() }; }";
        assert_eq!(found(src), vec![(Some("tools/list".to_string()), false)]);
    }
}
