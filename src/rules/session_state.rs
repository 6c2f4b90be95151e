//! MCP101 `session-state`: state that lives on the protocol session.
//!
//! Three signals, each reported once:
//! - **Stores.** A map, record or object that holds transports, is typed as indexed by a
//!   session id, or is read or written with a session-id key (`transports[sessionId]`,
//!   `logLevels.set(extra.sessionId, …)`, `sessions.insert(sid, …)` where `sid` came from a
//!   session id). Each store is reported once, at its declaration (a variable, class field or
//!   struct field), or at its first keyed use when the file does not declare it.
//! - **Session options.** `sessionIdGenerator` (unless `undefined`), `onsessioninitialized`,
//!   `onsessionclosed` and their Rust counterparts; rmcp `stateful_mode: true` /
//!   `legacy_session_mode: true` and `with_stateful_mode(true)`.
//! - **Session managers.** rmcp `LocalSessionManager` and `impl SessionManager for …`.
//!
//! Fix (unsafe, the migration changes what clients see): `sessionIdGenerator` becomes
//! `undefined`, a literal `true` of rmcp's mode fields and calls becomes `false`, and Python's
//! `stateless_http=False` becomes `True`. Stores, callbacks and session managers have none:
//! removing them is a redesign.
//!
//! A session id is recognised by flow inside the file: a member such as `extra.sessionId`,
//! `ctx.sessionId`, `transport.sessionId`, a read of the `mcp-session-id` header, a call such
//! as `session_id()` / `next_session_id()`, the parameter of an `onsessioninitialized`
//! callback, a variable assigned from one of these, or a name such as `sessionId` / `sid` when
//! nothing else is known about it.

use std::collections::HashSet;

use crate::engine::FileCx;
use crate::fix::{Edit, Fix};
use crate::patterns;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{Kind, NodeId, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &SessionState;

struct SessionState;

/// The rule's name lists, read from its document.
struct Lists<'m> {
    /// Variable names that hold a session id, compared lower case without `_`.
    key_names: &'m [&'m str],
    /// Prefixes that make a `…SessionId` name a web or login session (`userSessionId`).
    other_session_prefixes: &'m [&'m str],
    session_members: &'m [&'m str],
    member_receivers: Vec<String>,
    headers: &'m [&'m str],
    header_reads: &'m [&'m str],
    key_types: &'m [&'m str],
    store_types: &'m [&'m str],
    transport_types: &'m [&'m str],
    session_value_types: &'m [&'m str],
    session_options: &'m [&'m str],
    session_callbacks: &'m [&'m str],
    keyed_reads: &'m [&'m str],
    keyed_writes: &'m [&'m str],
    not_stores: Vec<String>,
    rust_session_types: &'m [&'m str],
    rust_session_traits: &'m [&'m str],
    rust_sessionless_types: &'m [&'m str],
    rust_mode_fields: &'m [&'m str],
    stateless_options: &'m [&'m str],
    rust_mode_calls: &'m [&'m str],
}


impl<'m> Lists<'m> {
    fn of(meta: &'static RuleMeta) -> Self {
        let owned = |k: &str| meta.data_strings(k).iter().map(|s| s.to_string()).collect::<Vec<_>>();
        Lists {
            key_names: meta.data_strings("session_key_names"),
            other_session_prefixes: meta.data_strings("other_session_prefixes"),
            session_members: meta.data_strings("session_members"),
            member_receivers: owned("session_member_receivers"),
            headers: meta.data_strings("session_headers"),
            header_reads: meta.data_strings("header_reads"),
            key_types: meta.data_strings("session_key_types"),
            store_types: meta.data_strings("store_types"),
            transport_types: meta.data_strings("transport_types"),
            session_value_types: meta.data_strings("session_value_types"),
            session_options: meta.data_strings("session_options"),
            session_callbacks: meta.data_strings("session_callbacks"),
            keyed_reads: meta.data_strings("keyed_calls"),
            keyed_writes: meta.data_strings("keyed_writes"),
            not_stores: owned("not_stores"),
            rust_session_types: meta.data_strings("rust_session_types"),
            rust_session_traits: meta.data_strings("rust_session_traits"),
            rust_sessionless_types: meta.data_strings("rust_sessionless_types"),
            rust_mode_fields: meta.data_strings("rust_session_mode_fields"),
            stateless_options: meta.data_strings("stateless_options"),
            rust_mode_calls: meta.data_strings("rust_session_mode_calls"),
        }
    }
}

/// Lower case without `_`: `session_id` → `sessionid`.
fn norm(name: &str) -> String {
    name.chars().filter(|c| *c != '_').flat_map(char::to_lowercase).collect()
}

impl Rule for SessionState {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        Vec::new()
    }

    fn check_file(&self, cx: &mut FileCx<'_>) {
        let lists = Lists::of(cx.meta());
        let tree = cx.tree;
        let mut reported: HashSet<NodeId> = HashSet::new();
        let mut reported_names: HashSet<String> = HashSet::new();
        let mut deferred: Vec<(String, NodeRef<'_>, String)> = Vec::new();
        // Stores found by a keyed use: declaration, name, the session id's origin, and whether
        // that origin is only a name.
        let mut keyed: Vec<(NodeRef<'_>, String, String, bool)> = Vec::new();
        for node in tree.nodes() {
            match node.kind() {
                Kind::Pair => session_option(node, &lists, cx),
                Kind::Call => mode_call(node, &lists, cx),
                Kind::Ident | Kind::Member => session_manager_type(node, &lists, cx),
                Kind::Container => session_manager_impl(node, &lists, cx),
                _ => {}
            }
        }
        // Stores need MCP context: a map keyed by `sessionId` is a web session elsewhere.
        if !cx.mcp() {
            return;
        }
        for node in tree.nodes().filter(|n| n.kind() == Kind::Field) {
            transport_option_field(node, &lists, cx);
        }
        for node in tree.nodes() {
            if !matches!(node.kind(), Kind::Var | Kind::Field | Kind::Param) || reported.contains(&node.id()) {
                continue;
            }
            if let Some(why) = typed_store(node, &lists) {
                reported.insert(node.id());
                let name = store_name(node, node);
                cx.report(node, format!("`{name}` {why}{GONE}"));
            }
        }
        for node in tree.nodes() {
            let found = match node.kind() {
                Kind::Index => node.object().zip(node.child(Role::Index)),
                // A method call on a map: `sessions.get(id)`, not a function of a module
                // (`sink::get(&session_id)`).
                Kind::Call if !node.callee().is_some_and(|c| c.has_flag(crate::tree::flags::STATIC_PATH)) => node
                    .call_name()
                    .filter(|n| lists.keyed_reads.contains(n))
                    .filter(|n| !lists.keyed_writes.contains(n) || node.arg(1).is_some())
                    .and_then(|_| node.receiver().zip(node.arg(0))),
                _ => None,
            };
            let Some((store, key)) = found else { continue };
            let Some(origin) = session_origin(key, &lists, 0) else { continue };
            if is_not_a_store(store, &lists) {
                continue;
            }
            let key_text = short(cx.text(origin));
            // A bare name is weaker evidence than `extra.sessionId` or a header read: the message
            // shows the strongest origin seen for the store.
            let by_name = origin.kind() == Kind::Ident;
            match declaration_of_store(store) {
                // A store passed in, or a lock guard on a store this file cannot resolve: reported
                // where it is declared; here only if nothing else is.
                Some(decl) if decl.kind() == Kind::Param || is_handle(decl) => {
                    let name = store.path().unwrap_or_else(|| short(cx.text(store)));
                    if !deferred.iter().any(|(n, _, _)| last_segment(n) == last_segment(&name)) {
                        deferred.push((name, store, key_text));
                    }
                }
                Some(decl) => {
                    let name = store_name(decl, store);
                    if !looks_like_container(decl) || is_other_session_store(decl, &name, &lists) || reported.contains(&decl.id())
                    {
                        continue;
                    }
                    match keyed.iter_mut().find(|k| k.0 == decl) {
                        Some(k) if k.3 && !by_name => {
                            k.2 = key_text;
                            k.3 = false;
                        }
                        Some(_) => {}
                        None => keyed.push((decl, name, key_text, by_name)),
                    }
                }
                None => {
                    let name = store.path().unwrap_or_else(|| short(cx.text(store)));
                    // One field reached through different receivers (`self.state.sessions`,
                    // `state.sessions`) is one store.
                    if reported_names.insert(last_segment(&name).to_string()) {
                        cx.report(store, format!("`{name}` is keyed by the protocol session id (`{key_text}`){}", GONE));
                    }
                }
            }
        }
        for (decl, name, key_text, _) in &keyed {
            reported.insert(decl.id());
            cx.report(*decl, format!("`{name}` is keyed by the protocol session id (`{key_text}`){GONE}"));
        }
        if reported.is_empty() && reported_names.is_empty() {
            for (name, store, key_text) in deferred {
                cx.report(store, format!("`{name}` is keyed by the protocol session id (`{key_text}`){GONE}"));
            }
        }
    }
}

/// What happens to state kept per session.
const GONE: &str = "; 2026-07-28 has no protocol sessions, so this state is lost or shared between callers";
/// What happens to session machinery.
const REMOVED: &str = ", which 2026-07-28 removed";

/// The field a store path ends with: `self.state.sessions` → `sessions`.
fn last_segment(path: &str) -> &str {
    path.rsplit('.').next().unwrap_or(path)
}

fn short(text: &str) -> String {
    crate::engine::shortened(text, 48)
}

/// `sessionIdGenerator: () => randomUUID()`, `onsessioninitialized: …`, rmcp
/// `stateful_mode: true` / `legacy_session_mode: true`.
fn session_option(pair: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let key = pair.text();
    if pair.has_flag(crate::tree::flags::COMPUTED) || key.is_empty() {
        return;
    }
    if lists.session_options.contains(&key) {
        if patterns::value_is(crate::rules::ValueIs::Set, pair.value()) && !inert_callback(pair, lists) {
            let what = if lists.session_callbacks.contains(&key) {
                format!("`{key}` runs when a protocol session opens or closes; 2026-07-28 clients never open one")
            } else {
                format!("`{key}` makes the transport mint protocol sessions{REMOVED}")
            };
            let fix = (!lists.session_callbacks.contains(&key)).then(|| stateless_generator(pair)).flatten();
            let diag = cx.report(pair, what);
            if let Some(fix) = fix {
                diag.with_fix(fix);
            }
        }
        return;
    }
    if lists.rust_mode_fields.contains(&key) && patterns::value_is(crate::rules::ValueIs::True, pair.value()) {
        let fix = pair.value().and_then(turn_off);
        let diag = cx.report(pair, format!("`{key}: true` keeps legacy protocol sessions{REMOVED}"));
        if let Some(fix) = fix {
            diag.with_fix(fix);
        }
        return;
    }
    // Python `FastMCP(stateless_http=False)`, `StreamableHTTPSessionManager(app, stateless=False)`:
    // sessions asked for by name. (Left out, the SDK's default is the same, but a server that
    // never serves Streamable HTTP has no session: only the explicit choice is reported.)
    if lists.stateless_options.contains(&key)
        && pair.tree().lang() == crate::tree::Lang::Python
        && pair.value().is_some_and(|v| v.kind() == Kind::Bool && v.text() == "false")
        && !pair
            .parent()
            .and_then(|o| o.parent())
            .filter(|c| c.kind() == Kind::Call)
            .and_then(|c| c.callee())
            .is_some_and(|c| lists.rust_session_types.contains(&c.text()))
    {
        let fix = pair.value().map(|v| {
            Fix::unsafe_edit(format!("Set `{key}=True` (stateless)"), vec![Edit::replace(v.span(), "True")])
        });
        let diag = cx.report(pair, format!("`{key}=False` keeps a protocol session per client{REMOVED}"));
        if let Some(fix) = fix {
            diag.with_fix(fix);
        }
    }
}

/// `sessionIdGenerator: () => randomUUID()` → `sessionIdGenerator: undefined`, the stateless
/// setting (a shorthand `{ sessionIdGenerator }` is written out). The callbacks then never run,
/// and are no longer findings.
fn stateless_generator(pair: NodeRef<'_>) -> Option<Fix> {
    let edit = if pair.has_flag(crate::tree::flags::SHORTHAND) {
        Edit::replace(pair.span(), format!("{}: undefined", pair.text()))
    } else {
        Edit::replace(pair.value()?.span(), "undefined")
    };
    Some(Fix::unsafe_edit(format!("Set `{}` to `undefined` (stateless)", pair.text()), vec![edit]))
}

/// A literal `true` that turns rmcp's legacy sessions on becomes `false`.
fn turn_off(value: NodeRef<'_>) -> Option<Fix> {
    (value.kind() == Kind::Bool && value.text() == "true")
        .then(|| Fix::unsafe_edit("Replace `true` with `false` (stateless)", vec![Edit::replace(value.span(), "false")]))
}

/// A hand-written transport that implements the session options itself: a class field
/// `sessionIdGenerator`, `_onsessioninitialized`, `#onsessionclosed`.
fn transport_option_field(field: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let in_class =
        field.parent().is_some_and(|c| c.kind() == Kind::Container && !c.has_flag(crate::tree::flags::INTERFACE));
    let name = field.text().trim_start_matches(['_', '#']);
    if !in_class || !lists.session_options.contains(&name) || cx.lang() != crate::tree::Lang::TypeScript {
        return;
    }
    let what = if lists.session_callbacks.contains(&name) {
        format!("`{}` keeps the `{name}` callback of a hand-written transport, run when a protocol session opens or closes; 2026-07-28 clients never open one", field.text())
    } else {
        format!("`{}` keeps the `{name}` option of a hand-written transport, which mints protocol sessions{REMOVED}", field.text())
    };
    cx.report(field, what);
}

/// A session callback that never runs or does nothing: next to `sessionIdGenerator: undefined`
/// (the stateless setting), or with an empty body.
fn inert_callback(pair: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    if !lists.session_callbacks.contains(&pair.text()) {
        return false;
    }
    let stateless = pair.parent().is_some_and(|o| {
        o.children().any(|p| {
            p.kind() == Kind::Pair
                && lists.session_options.contains(&p.text())
                && !lists.session_callbacks.contains(&p.text())
                && p.value().is_some_and(patterns::is_unset)
        })
    });
    let empty = pair
        .value()
        .filter(|f| f.kind() == Kind::Fn)
        .and_then(|f| f.child(Role::Body))
        .is_some_and(|b| b.kind() == Kind::Block && b.children().next().is_none());
    stateless || empty
}

/// `.with_stateful_mode(true)`, `.with_legacy_session_mode(true)`.
fn mode_call(call: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let Some(name) = call.call_name() else { return };
    if lists.rust_mode_calls.contains(&name) && patterns::value_is(crate::rules::ValueIs::True, call.arg(0)) {
        let fix = call.arg(0).and_then(turn_off);
        let diag = cx.report(call, format!("`{name}(true)` keeps legacy protocol sessions{REMOVED}"));
        if let Some(fix) = fix {
            diag.with_fix(fix);
        }
    }
}

/// rmcp `LocalSessionManager` named in code (a type, a constructor path), not in a `use`.
fn session_manager_type(node: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let name = node.text();
    if !lists.rust_session_types.contains(&name) {
        return;
    }
    // Where it is created (`LocalSessionManager::default()`), not where a type names it: a
    // signature or a type argument (`StreamableHttpService<S, LocalSessionManager>`) only repeats
    // the constructor's choice.
    if node.kind() == Kind::Type {
        return;
    }
    // In Python the constructor call (`StreamableHTTPSessionManager(app=…)`), not the import.
    if node.tree().lang() == crate::tree::Lang::Python && node.role() != Role::Callee {
        return;
    }
    // rmcp ignores the manager when the same configuration turns legacy sessions off.
    if node
        .ancestors()
        .take_while(|a| !matches!(a.kind(), Kind::Fn | Kind::Block))
        .any(|a| a.kind() == Kind::Call && sessions_off(a, lists))
    {
        return;
    }
    cx.report(node, format!("`{name}` keeps a protocol session per client{REMOVED}"));
}

/// `stateful_mode: false`, `.with_legacy_session_mode(false)` somewhere in a configuration.
fn sessions_off(config: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    config.descendants().any(|d| match d.kind() {
        Kind::Pair => {
            let is = |b: &str| d.value().is_some_and(|v| v.kind() == Kind::Bool && v.text() == b);
            (lists.rust_mode_fields.contains(&d.text()) && is("false"))
                || (lists.stateless_options.contains(&d.text()) && is("true"))
        }
        Kind::Call => {
            d.call_name().is_some_and(|n| lists.rust_mode_calls.contains(&n))
                && d.arg(0).is_some_and(|v| v.kind() == Kind::Bool && v.text() == "false")
        }
        _ => false,
    })
}

/// `impl SessionManager for MyManager`.
fn session_manager_impl(container: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    // rmcp's own no-session manager implements the trait to switch sessions off.
    if lists.rust_sessionless_types.contains(&container.text()) {
        return;
    }
    if let Some(t) = container.children_with(Role::Implements).find(|t| lists.rust_session_traits.contains(&t.text())) {
        cx.report(
            container,
            format!("`{}` implements `{}`, which manages protocol sessions{REMOVED}", container.text(), t.text()),
        );
    }
}

/// Where an expression's session id comes from (`extra.sessionId`, a header read, a name), if
/// it is one.
fn session_origin<'t>(node: NodeRef<'t>, lists: &Lists<'_>, depth: u8) -> Option<NodeRef<'t>> {
    if depth > 5 {
        return None;
    }
    let direct = match node.kind() {
        Kind::Member => {
            lists.session_members.contains(&node.text())
                && node.object().is_some_and(|o| patterns::receiver_matches(&lists.member_receivers, o))
        }
        Kind::Index => node.child(Role::Index).and_then(|i| i.str_value()).is_some_and(|h| is_header(h, lists)),
        Kind::Call => {
            let name = node.call_name().unwrap_or_default();
            if norm(name).ends_with("sessionid") {
                return Some(node);
            }
            // `req.header('mcp-session-id')`, `headers.get("mcp-session-id")`; not
            // `HeaderName::from_static("mcp-session-id")`, which is the header's name.
            if lists.header_reads.contains(&name) && node.arg(0).and_then(|a| a.str_value()).is_some_and(|h| is_header(h, lists)) {
                return Some(node);
            }
            // `String(sid)`, `sid.to_string()`, `sid.clone()`, `headers.get(…).and_then(…)`
            if matches!(
                name,
                "String" | "to_string" | "toString" | "clone" | "to_owned" | "into" | "and_then" | "map" | "unwrap_or_default" | "as_deref" | "as_str"
            ) {
                let inner = node.receiver().or_else(|| node.arg(0));
                return inner.and_then(|i| session_origin(i, lists, depth + 1));
            }
            false
        }
        Kind::Binary => {
            return match node.text() {
                "??" | "||" => node.child(Role::Left).and_then(|l| session_origin(l, lists, depth + 1)),
                "+" => node.children().find_map(|c| session_origin(c, lists, depth + 1)),
                _ => None,
            };
        }
        Kind::Template => return node.children().find_map(|c| session_origin(c, lists, depth + 1)),
        Kind::Unary if matches!(node.text(), "await" | "?" | "&" | "*" | "!") => {
            return node.children().next().and_then(|c| session_origin(c, lists, depth + 1));
        }
        Kind::Ident => return ident_session_origin(node, lists, depth),
        _ => false,
    };
    direct.then_some(node)
}

fn is_header(value: &str, lists: &Lists<'_>) -> bool {
    lists.headers.iter().any(|h| h.eq_ignore_ascii_case(value))
}

/// A name that says "protocol session id": `sessionId`, `sid`, `newSessionId`, but not
/// `userSessionId`.
fn is_session_name(name: &str, lists: &Lists<'_>) -> bool {
    let n = norm(name);
    // `HEADER_SESSION_ID` names the header, not an id.
    if n.contains("header") {
        return false;
    }
    if lists.key_names.contains(&n.as_str()) {
        return true;
    }
    n.ends_with("sessionid") && !lists.other_session_prefixes.iter().any(|p| n.starts_with(p))
}

fn ident_session_origin<'t>(ident: NodeRef<'t>, lists: &Lists<'_>, depth: u8) -> Option<NodeRef<'t>> {
    let by_name = is_session_name(ident.text(), lists).then_some(ident);
    let Some(decl) = patterns::declaration_of(ident) else {
        // A loop variable, an import or a global: only the name is known.
        return by_name;
    };
    if decl.kind() == Kind::Param {
        // The parameter of an `onsessioninitialized` callback is the new session's id.
        let callback = decl
            .parent()
            .filter(|f| f.kind() == Kind::Fn)
            .and_then(|f| f.parent())
            .is_some_and(|p| p.kind() == Kind::Pair && lists.session_callbacks.contains(&p.text()));
        return if callback { Some(ident) } else { by_name };
    }
    let Some(init) = decl.child(Role::Init) else { return by_name };
    if let Some(pattern) = decl.child(Role::Pattern) {
        // `const { sessionId } = extra`, `const { sessionId: sid } = ctx`
        let binding = pattern.descendants().find(|d| d.kind() == Kind::Ident && d.text() == ident.text())?;
        let key = binding.parent().filter(|p| p.kind() == Kind::Pair).map_or(binding.text(), |p| p.text());
        let from_context = lists.session_members.contains(&key) && patterns::receiver_matches(&lists.member_receivers, init);
        return from_context.then_some(ident);
    }
    // A variable with a value is judged by where the value comes from, not by its name: a
    // server's own handle (`const sessionId = randomUUID()`) is not the protocol's, unless the
    // code hands it out as the `mcp-session-id` header.
    session_origin(init, lists, depth + 1).or_else(|| flows_to_session_header(decl, lists).then_some(ident))
}

/// Whether a variable is sent as the session header: `res.setHeader('mcp-session-id', sid)`,
/// `headers: { 'mcp-session-id': sid }`.
fn flows_to_session_header(decl: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    let Some(scope) = decl.parent() else { return false };
    let is_decl = |n: NodeRef<'_>| {
        let n = match n.kind() {
            Kind::Unary => n.children().next().unwrap_or(n),
            _ => n,
        };
        n.kind() == Kind::Ident && patterns::declaration_of(n) == Some(decl)
    };
    scope.descendants().any(|n| match n.kind() {
        Kind::Call => {
            n.args().any(|a| a.str_value().is_some_and(|h| is_header(h, lists))) && n.args().any(is_decl)
        }
        Kind::Pair => n.has_flag(crate::tree::flags::STRING_KEY) && is_header(n.text(), lists) && n.value().is_some_and(is_decl),
        _ => false,
    })
}

/// A store of web, login or authorization sessions (`auth_sessions`, `HashMap<String,
/// UserSession>`): its name or its value type says which sessions it keeps.
fn is_other_session_store(decl: NodeRef<'_>, name: &str, lists: &Lists<'_>) -> bool {
    let other = |text: &str| {
        let n = norm(text);
        lists.other_session_prefixes.iter().any(|p| n.starts_with(p))
    };
    other(name) || decl.child(Role::Type).is_some_and(|t| patterns::type_names(t).iter().any(|n| n.ends_with("Session") && other(n)))
}

/// Receivers that are keyed by many things but are not stores (`req.headers`).
fn is_not_a_store(store: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    let segments = store.path_segments();
    segments.iter().any(|s| {
        let s = s.to_ascii_lowercase();
        lists.not_stores.iter().any(|n| s.contains(&n.to_ascii_lowercase()))
    })
}

/// The declaration a store expression names: a variable or parameter for a name, a field of
/// the enclosing class for `this.x` / `self.x`, a field or key of that name elsewhere in the
/// file for `a.b.x`.
fn declaration_of_store(store: NodeRef<'_>) -> Option<NodeRef<'_>> {
    declaration_of_store_at(store, 0)
}

fn declaration_of_store_at(store: NodeRef<'_>, depth: u8) -> Option<NodeRef<'_>> {
    let store = strip_store(store);
    match store.kind() {
        Kind::Ident => {
            // A destructured variable (`const { sessions } = state`) is no declaration of the
            // store; a destructured parameter still says the store is passed in.
            let decl = patterns::declaration_of(store)
                .filter(|d| d.kind() == Kind::Param || d.child(Role::Pattern).is_none())?;
            // `let mut sessions = state.sessions.lock().await;` is a handle on the real store, and
            // `const subscribers = subscriptions.get(uri)` an entry of it.
            let alias = decl
                .child(Role::Init)
                .map(strip_store)
                .map(|i| match i.kind() {
                    Kind::Call if matches!(i.call_name(), Some("get" | "get_mut" | "entry")) => i.receiver().map_or(i, strip_store),
                    Kind::Index => i.object().map_or(i, strip_store),
                    _ => i,
                })
                .filter(|i| depth < 3 && decl.kind() == Kind::Var && matches!(i.kind(), Kind::Ident | Kind::Member));
            match alias {
                Some(a) => declaration_of_store_at(a, depth + 1).or(Some(decl)),
                None => Some(decl),
            }
        }
        Kind::Member => {
            let name = store.text();
            let object = store.object()?;
            let tree = store.tree();
            if object.is_ident("this") || object.is_ident("self") {
                if let Some(c) = store.enclosing(Kind::Container) {
                    if let Some(f) = c.descendants().find(|f| f.kind() == Kind::Field && f.text() == name) {
                        return Some(f);
                    }
                }
            }
            tree.nodes()
                .find(|n| n.kind() == Kind::Field && n.text() == name)
                .or_else(|| tree.nodes().find(|n| n.kind() == Kind::Pair && n.text() == name && n.value().is_some_and(is_container_value)))
        }
        _ => None,
    }
}

/// Sees through `state.sessions.lock().await`, `self.sessions.write()`, `&mut x`.
fn strip_store(mut node: NodeRef<'_>) -> NodeRef<'_> {
    loop {
        match node.kind() {
            Kind::Unary => match node.children().next() {
                Some(c) => node = c,
                None => return node,
            },
            Kind::Call
                if matches!(node.call_name(), Some("lock" | "read" | "write" | "borrow" | "borrow_mut" | "unwrap" | "expect" | "await"))
                    && node.args().next().is_none() =>
            {
                match node.receiver() {
                    Some(r) => node = r,
                    None => return node,
                }
            }
            _ => return node,
        }
    }
}

/// A variable that holds a guard or an entry of another store (`let mut pending =
/// restores.write().await`) rather than a store of its own.
fn is_handle(decl: NodeRef<'_>) -> bool {
    decl.kind() == Kind::Var
        && decl.child(Role::Init).is_some_and(|init| {
            let stripped = strip_store(init);
            stripped != init
                || (stripped.kind() == Kind::Call && matches!(stripped.call_name(), Some("get" | "get_mut" | "entry")))
        })
}

fn store_name(decl: NodeRef<'_>, store: NodeRef<'_>) -> String {
    let name = decl.text();
    if name.is_empty() {
        return store.path().unwrap_or_default();
    }
    // A tuple struct's field: `Sessions.0`.
    if name.chars().all(|c| c.is_ascii_digit()) {
        if let Some(c) = decl.parent().filter(|p| p.kind() == Kind::Container) {
            return format!("{}.{name}", c.text());
        }
    }
    name.to_string()
}

/// A declaration that can be a store: anything but a scalar literal.
fn looks_like_container(decl: NodeRef<'_>) -> bool {
    let value = match decl.kind() {
        Kind::Pair => decl.value(),
        _ => decl.child(Role::Init),
    };
    !value.is_some_and(|v| matches!(v.kind(), Kind::Str | Kind::Num | Kind::Bool | Kind::Template | Kind::Null))
}

fn is_container_value(v: NodeRef<'_>) -> bool {
    matches!(v.kind(), Kind::Object | Kind::Call)
}

/// A declaration whose type or initializer makes it a per-session store whatever its uses:
/// a map of transports, a map whose key type is a session id, an index signature keyed by a
/// session id, a map of per-session objects.
fn typed_store(decl: NodeRef<'_>, lists: &Lists<'_>) -> Option<String> {
    // A parameter that destructures, and the property signatures of interfaces and type
    // literals, describe a store declared elsewhere.
    if decl.text().is_empty() || is_type_member(decl) {
        return None;
    }
    let mut shapes: Vec<NodeRef<'_>> = Vec::new();
    if let Some(t) = decl.child(Role::Type) {
        // The type and the wrappers around it (`Arc<Mutex<HashMap<…>>>`, `X | undefined`).
        let mut stack = vec![t];
        while let Some(ty) = stack.pop() {
            shapes.push(ty);
            if ty.text() != "{}" {
                stack.extend(ty.children_with(Role::TypeArg).filter(|a| a.kind() == Kind::Type));
            }
        }
    }
    if let Some(init) = decl.child(Role::Init) {
        // `new Map<string, Transport>()`: the type arguments sit on the call.
        let init = strip_new(init);
        if init.kind() == Kind::Call {
            shapes.push(init);
        }
    }
    for shape in shapes {
        if let Some(why) = store_shape(shape, lists) {
            return Some(why);
        }
    }
    None
}

/// A field of an interface, trait or type literal rather than of a class or struct.
fn is_type_member(decl: NodeRef<'_>) -> bool {
    decl.kind() == Kind::Field
        && decl.parent().is_some_and(|p| {
            p.kind() == Kind::Type || (p.kind() == Kind::Container && p.has_flag(crate::tree::flags::INTERFACE))
        })
}

fn strip_new(mut node: NodeRef<'_>) -> NodeRef<'_> {
    // `Arc::new(Mutex::new(HashMap::new()))` keeps its type elsewhere; only direct `new X<…>()`.
    while node.kind() == Kind::Unary {
        match node.children().next() {
            Some(c) => node = c,
            None => break,
        }
    }
    node
}

/// The container name of a type or constructor call.
fn container_name<'t>(shape: NodeRef<'t>) -> &'t str {
    match shape.kind() {
        Kind::Call => shape.callee().map(|c| c.text()).unwrap_or_default(),
        _ => shape.text(),
    }
}

/// A type named for a protocol session (`SseSession`, `ClientSession`, `FastMCPSession`): its
/// last word is `session`, and no word before it makes it a web or login session
/// (`UserSession`, `OAuthSession`).
fn is_session_type(name: &str, lists: &Lists<'_>) -> bool {
    let words = patterns::name_words(name);
    // `FastMCPSession` splits into `fast`, `mcpsession`: the capital says where `Session` starts.
    (words.last().is_some_and(|w| w == "session") || name.ends_with("Session"))
        && !words.iter().any(|w| lists.other_session_prefixes.contains(&w.as_str()))
}

fn store_shape(shape: NodeRef<'_>, lists: &Lists<'_>) -> Option<String> {
    // `{ [sessionId: string]: T }`
    if shape.kind() == Kind::Type && shape.text() == "{}" {
        for field in shape.children().filter(|f| f.kind() == Kind::Field && f.has_flag(crate::tree::flags::INDEX_SIG)) {
            let value = field.child(Role::Type);
            if value.is_some_and(|v| patterns::type_names(v).iter().any(|n| lists.transport_types.contains(n))) {
                return Some("holds MCP transports per protocol session".to_string());
            }
            if is_session_name(field.text(), lists) {
                return Some(format!("is indexed by the protocol session id (`{}`)", field.text()));
            }
        }
        return None;
    }
    // `#sessions: FastMCPSession[] = []`, `Vec<McpSession>`: one object per protocol session.
    if matches!(shape.text(), "" | "Array" | "Vec") && shape.kind() == Kind::Type {
        let args: Vec<NodeRef<'_>> = shape.children_with(Role::TypeArg).collect();
        if let [element] = args.as_slice() {
            if element.kind() == Kind::Type && is_session_type(element.text(), lists) {
                return Some(format!("holds one `{}` per protocol session", element.text()));
            }
        }
        return None;
    }
    if !lists.store_types.contains(&container_name(shape)) {
        return None;
    }
    let args: Vec<NodeRef<'_>> = shape.children_with(Role::TypeArg).collect();
    let (key, value) = match args.as_slice() {
        [k, v, ..] => (*k, *v),
        _ => return None,
    };
    if patterns::type_names(value).iter().any(|n| lists.transport_types.contains(n)) {
        return Some("holds MCP transports per protocol session".to_string());
    }
    if patterns::type_names(key).iter().any(|n| lists.key_types.contains(n)) {
        return Some(format!("is keyed by `{}`, the protocol session id", key.text()));
    }
    let string_key = matches!(key.text(), "string" | "String" | "str" | "Uuid");
    if string_key && patterns::type_names(value).iter().any(|n| lists.session_value_types.contains(n) || is_session_type(n, lists)) {
        return Some(format!("holds `{}` objects per protocol session", value.text()));
    }
    None
}
