//! MCP104 `legacy-http-endpoint`: `GET` and `DELETE` served on the MCP endpoint, a client that
//! opens a GET event stream on it, and the old HTTP+SSE transport (as note).
//!
//! A route counts when its path is the MCP endpoint: a last segment `mcp` (not under
//! `/.well-known/`), a constant or option named after it, or any path whose handler hands the
//! request to an MCP transport. A handler that only answers 405 is the correct stateless
//! behaviour and is skipped. The same questions are asked of Express-style registrations, of
//! Node `http` branches on `req.method`, of axum/actix routers and of route attributes
//! (`#[get("/mcp")]`, NestJS `@Get()`), so one body of code serves both languages.

use crate::engine::FileCx;
use crate::patterns::{self, name_words};
use crate::rules::{Level, Rule, RuleMeta};
use crate::tree::{flags, Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &LegacyHttpEndpoint;

struct LegacyHttpEndpoint;

impl Rule for LegacyHttpEndpoint {
    fn kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        let mut kinds = patterns::kinds(&meta.patterns);
        kinds.extend([Kind::Call, Kind::Binary, Kind::Case, Kind::Attribute, Kind::Object, Kind::Array]);
        kinds
    }

    fn own_kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        vec![Kind::Call, Kind::Binary, Kind::Case, Kind::Attribute, Kind::Object, Kind::Array]
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        match node.kind() {
            Kind::Call => {
                let done = check_route_call(node, cx)
                    || check_rust_route(node, cx)
                    || check_client_stream(node, cx)
                    || check_sse_transport(node, cx);
                if !done {
                    patterns::check(node, cx);
                }
            }
            Kind::Binary => check_method_branch(node, cx),
            Kind::Case => check_method_case(node, cx),
            Kind::Attribute => check_route_attribute(node, cx),
            Kind::Array => {
                if !check_methods_list(node, cx) {
                    patterns::check(node, cx);
                }
            }
            Kind::Object => {
                if !check_fastify_route(node, cx) && !check_sse_config(node, cx) {
                    patterns::check(node, cx);
                }
            }
            _ => patterns::check(node, cx),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The MCP endpoint

/// What a path expression says about the endpoint.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Endpoint {
    /// The MCP endpoint (`/mcp`, `MCP_PATH`).
    Mcp,
    /// Some other route (`/health`, `/.well-known/oauth-protected-resource/mcp`, `/sse`).
    Other,
    /// Not known from the path alone (a variable that names nothing).
    Unknown,
}

/// Whether a literal URL path is the MCP endpoint.
fn path_is_mcp(path: &str) -> bool {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    if segments.iter().any(|s| s.starts_with(".well-known")) {
        return false;
    }
    segments.last().is_some_and(|s| s.eq_ignore_ascii_case("mcp"))
}

fn endpoint_of(path: NodeRef<'_>) -> Endpoint {
    match path.kind() {
        // `mcp.map_get("/", h)` in a group mounted on the MCP endpoint: the root of a router
        // named for MCP is the endpoint.
        Kind::Str if matches!(path.text(), "/" | "") && on_mcp_router(path) => Endpoint::Mcp,
        Kind::Str => {
            if path_is_mcp(path.text()) {
                Endpoint::Mcp
            } else {
                Endpoint::Other
            }
        }
        // `${base}/mcp`
        Kind::Template => {
            if path_is_mcp(path.text()) {
                Endpoint::Mcp
            } else if path.text().contains('/') {
                Endpoint::Other
            } else {
                Endpoint::Unknown
            }
        }
        Kind::Ident | Kind::Member | Kind::Unary | Kind::Call => {
            // `withToken('/api/mcp/events')`, `new URL('/mcp', base)`: a call that decorates a
            // path goes where the path says.
            let literal = path.arg(0).filter(|a| matches!(a.kind(), Kind::Str | Kind::Template) && a.text().contains('/'));
            if let Some(literal) = literal.filter(|_| path.kind() == Kind::Call) {
                return endpoint_of(literal);
            }
            if path.kind() == Kind::Ident {
                if let Some(init) = local_binding(path).and_then(|v| v.child(Role::Init)) {
                    if matches!(init.kind(), Kind::Str | Kind::Template) {
                        return endpoint_of(init);
                    }
                }
            }
            let names_mcp = path.path_segments().iter().any(|s| name_words(s).iter().any(|w| w == "mcp"));
            if names_mcp {
                Endpoint::Mcp
            } else {
                Endpoint::Unknown
            }
        }
        _ => Endpoint::Unknown,
    }
}

/// Whether a route's path is an argument of a call on a router named for MCP (`mcp.map_get`).
fn on_mcp_router(path: NodeRef<'_>) -> bool {
    path.role() == Role::Arg
        && path
            .parent()
            .and_then(|c| c.receiver())
            .is_some_and(|r| r.path_segments().last().is_some_and(|s| name_words(s).iter().any(|w| w == "mcp")))
}

/// The declaration a name refers to in this file: the nearest enclosing function's variable, or
/// a top-level one.
fn local_binding<'t>(ident: NodeRef<'t>) -> Option<NodeRef<'t>> {
    let name = ident.text();
    let mut scopes: Vec<NodeRef<'t>> = ident.ancestors().filter(|a| a.kind() == Kind::Fn).collect();
    scopes.push(ident.tree().root());
    scopes.into_iter().find_map(|scope| scope.descendants().find(|n| n.kind() == Kind::Var && n.text() == name))
}

/// The function a handler argument is: inline, or a same-file function or `const f = () => …`.
fn handler_fn<'t>(handler: NodeRef<'t>) -> Option<NodeRef<'t>> {
    match handler.kind() {
        Kind::Fn => Some(handler),
        Kind::Ident => {
            let name = handler.text();
            handler.tree().nodes().find_map(|n| match n.kind() {
                Kind::Fn if n.text() == name => Some(n),
                Kind::Var if n.text() == name => n.child(Role::Init).filter(|i| i.kind() == Kind::Fn),
                _ => None,
            })
        }
        // `handler.bind(this)`, `wrap(handler)`: look at what is wrapped.
        Kind::Call => handler.args().find_map(handler_fn),
        _ => None,
    }
}

/// Whether code passes the request to an MCP transport or handler.
fn hands_to_mcp(node: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    let calls = cx.data("mcp_handler_calls");
    std::iter::once(node).chain(node.descendants()).any(|n| n.kind() == Kind::Call && n.call_name().is_some_and(|c| calls.contains(&c)))
}

/// Whether code answers 405 (a `405` literal or `METHOD_NOT_ALLOWED`).
fn answers_405(node: NodeRef<'_>) -> bool {
    std::iter::once(node).chain(node.descendants()).any(|n| {
        n.int() == Some(405)
            || (matches!(n.kind(), Kind::Ident | Kind::Member) && matches!(n.text(), "METHOD_NOT_ALLOWED" | "MethodNotAllowed"))
    })
}

/// Whether a handler (or branch) is the correct stateless answer: 405 and nothing else.
fn only_405(node: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    answers_405(node) && !hands_to_mcp(node, cx)
}

/// Whether a handler's body is a constant answer and nothing else (`|| async { "ok" }`): it
/// reads nothing and calls nothing, so it serves neither a stream nor a session's end.
fn answers_constant(handler: NodeRef<'_>) -> bool {
    let Some(body) = handler.child(Role::Body) else { return false };
    let mut literal = false;
    for n in std::iter::once(body).chain(body.descendants()) {
        match n.kind() {
            Kind::Str | Kind::Num | Kind::Bool => literal = true,
            Kind::Block | Kind::Return => {}
            _ => return false,
        }
    }
    literal
}

/// Whether a handler only hands the request to a function of the same file that answers 405
/// (`(c) => this.#handleSse(c.req.raw)` where `#handleSse` ends in 405).
fn delegates_to_405(handler: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    let Some(mut body) = handler.child(Role::Body) else { return false };
    // `{ return f(…); }`, `async () => f(…)`, `await f(…)`.
    loop {
        let next = match body.kind() {
            Kind::Block | Kind::Return => {
                let mut children = body.children();
                match (children.next(), children.next()) {
                    (Some(only), None) => only,
                    _ => return false,
                }
            }
            Kind::Unary if body.text() == "await" => match body.children().next() {
                Some(inner) => inner,
                None => return false,
            },
            _ => break,
        };
        body = next;
    }
    let Some(name) = body.call_name().filter(|_| body.kind() == Kind::Call && !body.has_flag(flags::NEW)) else { return false };
    cx.tree.nodes().filter(|f| f.kind() == Kind::Fn && f.text() == name && f.id() != handler.id()).any(|f| only_405(f, cx))
}

/// Decides whether a GET/DELETE route with this path and these handler arguments is a finding.
fn route_is_legacy(path: NodeRef<'_>, handlers: &[NodeRef<'_>], cx: &FileCx<'_>) -> bool {
    let bodies: Vec<NodeRef<'_>> = handlers.iter().filter_map(|h| handler_fn(*h)).collect();
    // The last handler answers; middleware before it does not decide the verb's meaning.
    if bodies.last().is_some_and(|b| only_405(*b, cx) || answers_constant(*b) || delegates_to_405(*b, cx)) {
        return false;
    }
    match endpoint_of(path) {
        Endpoint::Mcp => true,
        Endpoint::Other => false,
        // A transport's `handleRequest` is MCP only where the file speaks MCP; so is a path that
        // also serves POST: GET, POST and DELETE on one path is the Streamable HTTP endpoint.
        Endpoint::Unknown => cx.mcp() && (bodies.iter().any(|b| hands_to_mcp(*b, cx)) || path_also_posts(path)),
    }
}

/// Whether the code that registers a route on `path` also registers POST on the same path (its
/// source text): `app.post(path, h)`, `.route(&endpoint, web::post().to(h))`,
/// `mcp.map_post(path, h)`, or `post(h)` in the same method-router chain.
fn path_also_posts(path: NodeRef<'_>) -> bool {
    let text = path_text(path);
    if text.is_empty() {
        return false;
    }
    let scope = path.enclosing(Kind::Fn).unwrap_or_else(|| path.tree().root());
    scope.descendants().filter(|n| n.kind() == Kind::Call).any(|call| {
        let Some(first) = call.arg(0) else { return false };
        if first.id() == path.id() || path_text(first) != text {
            return false;
        }
        let name = call.call_name().unwrap_or_default();
        is_post(name) || call.args().skip(1).any(|router| router_posts(router))
    }) || path.parent().is_some_and(|route| route.kind() == Kind::Call && route.args().skip(1).any(router_posts))
}

/// `post(h)`, `get(a).post(b)`, `web::post().to(h)`: a method router that serves POST.
fn router_posts(router: NodeRef<'_>) -> bool {
    std::iter::once(router).chain(router.descendants()).any(|n| n.kind() == Kind::Call && n.call_name().is_some_and(is_post))
}

fn is_post(name: &str) -> bool {
    matches!(name, "post" | "map_post" | "post_service")
}

/// A path expression's source text, without a leading `&`.
fn path_text(path: NodeRef<'_>) -> String {
    let mut p = path;
    while p.kind() == Kind::Unary && p.text() == "&" {
        match p.children().next() {
            Some(c) => p = c,
            None => break,
        }
    }
    match p.kind() {
        Kind::Str => format!("{:?}", p.text()),
        _ => p.path().unwrap_or_default(),
    }
}

fn describe_path(path: NodeRef<'_>, cx: &FileCx<'_>) -> String {
    match path.kind() {
        Kind::Str => format!("`{}`", path.text()),
        _ => format!("`{}`", crate::engine::normalized(cx.text(path))),
    }
}

/// `path` is how the endpoint is named (`` `/mcp` ``), empty when only the handler shows it.
fn verb_message(verb: &str, path: &str) -> String {
    let verb = verb.trim_start_matches("map_");
    let endpoint = if path.is_empty() { "the MCP endpoint".to_string() } else { format!("the MCP endpoint {path}") };
    if verb.eq_ignore_ascii_case("delete") || verb.eq_ignore_ascii_case("del") {
        format!("serves `DELETE` on {endpoint} (session termination); a 2026-07-28 server answers it with 405")
    } else {
        format!("serves `GET` on {endpoint} (the standalone SSE stream); a 2026-07-28 server answers it with 405")
    }
}

// ---------------------------------------------------------------------------------------------
// TypeScript routers

/// `app.get('/mcp', h)`, `router.delete(path, auth, h)`, `app.route('/mcp').get(h)`,
/// `app.on('GET', '/mcp', h)`.
fn check_route_call(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let Some(name) = node.call_name() else { return false };
    if node.receiver().is_none() || node.has_flag(flags::NEW) {
        return false;
    }
    let verbs = cx.data("route_verbs");
    // Hono `app.on(…)` and aiohttp `router.add_route(…)` take the method first.
    let method_first = matches!(name, "on" | "add_route");
    if !method_first && !verbs.contains(&name) {
        return false;
    }
    let args: Vec<NodeRef<'_>> = node.args().filter(|a| a.kind() != Kind::Spread).collect();
    // Hono `app.on('GET', '/mcp', h)` and `app.on(['GET', 'DELETE'], '/mcp', h)`; aiohttp
    // `app.router.add_route("GET", "/mcp", h)`.
    if method_first && args.len() >= 3 {
        let methods: Vec<NodeRef<'_>> = match args[0].kind() {
            Kind::Array => args[0].children().filter(|c| c.kind() == Kind::Str).collect(),
            Kind::Str => vec![args[0]],
            _ => Vec::new(),
        };
        let legacy: Vec<NodeRef<'_>> =
            methods.into_iter().filter(|m| matches!(m.text().to_ascii_uppercase().as_str(), "GET" | "DELETE")).collect();
        if legacy.is_empty() || !route_is_legacy(args[1], &args[2..], cx) {
            return false;
        }
        let path = describe_path(args[1], cx);
        for m in legacy {
            cx.report(m, verb_message(m.text(), &path));
        }
        return true;
    }
    if !verbs.contains(&name) {
        return false;
    }
    // `app.route('/mcp').get(h)`: the path is on a call of the chain.
    if let Some(path) = chained_route_path(node) {
        if args.is_empty() || !route_is_legacy(path, &args, cx) {
            return false;
        }
        let message = verb_message(name, &describe_path(path, cx));
        cx.report(node, message);
        return true;
    }
    // A handler registration takes a path and at least one function; a client call takes a
    // URL and an options object.
    if args.len() < 2 || !args[1..].iter().all(|a| matches!(a.kind(), Kind::Fn | Kind::Ident | Kind::Member | Kind::Call)) {
        return false;
    }
    let path = args[0];
    if !matches!(path.kind(), Kind::Str | Kind::Template | Kind::Ident | Kind::Member) || !route_is_legacy(path, &args[1..], cx) {
        return false;
    }
    let message = verb_message(name, &describe_path(path, cx));
    cx.report(node, message);
    link_handler(args.last().copied(), name, cx);
    true
}

/// A list of HTTP methods that registers a route on the MCP endpoint: Starlette
/// `Route("/mcp", h, methods=["GET", "POST", "DELETE"])`, Flask `@app.route("/mcp", methods=[…])`,
/// FastAPI `@app.api_route(…)`, or an entry of a route table (`("/mcp", handler, ["GET",
/// "POST"])`). Each of `GET` and `DELETE` is reported; the path must name the endpoint.
fn check_methods_list(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    const VERBS: &[&str] = &["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];
    let items: Vec<NodeRef<'_>> = node.children().collect();
    if items.is_empty() || !items.iter().all(|i| i.kind() == Kind::Str && VERBS.contains(&i.text().to_ascii_uppercase().as_str())) {
        return false;
    }
    let legacy: Vec<NodeRef<'_>> =
        items.iter().copied().filter(|m| matches!(m.text().to_ascii_uppercase().as_str(), "GET" | "DELETE")).collect();
    // A list with verbs MCP never uses (`PUT`, `PATCH`) passes every request through, as
    // `app.all` does: the handler decides per method.
    let pass_through = items.iter().any(|m| matches!(m.text().to_ascii_uppercase().as_str(), "PUT" | "PATCH"));
    if legacy.is_empty() || pass_through {
        return false;
    }
    // The route: the call or decorator a `methods=` keyword belongs to, or the tuple or call
    // the list is an element or argument of.
    let route = match node.parent() {
        Some(pair) if pair.kind() == Kind::Pair && pair.text() == "methods" => {
            pair.parent().filter(|o| o.kind() == Kind::Object && o.role() == Role::Arg).and_then(|o| o.parent())
        }
        Some(p) if matches!(node.role(), Role::Elem | Role::Arg) && matches!(p.kind(), Kind::Array | Kind::Call) => Some(p),
        _ => None,
    };
    let Some(route) = route.filter(|r| matches!(r.kind(), Kind::Call | Kind::Attribute | Kind::Array)) else { return false };
    let parts: Vec<NodeRef<'_>> = route.children().filter(|c| matches!(c.role(), Role::Arg | Role::Elem)).collect();
    let Some(path) = parts.iter().copied().find(|p| p.str_value().is_some_and(|v| v.starts_with('/')) || matches!(p.kind(), Kind::Ident | Kind::Member) && endpoint_of(*p) == Endpoint::Mcp) else {
        return false;
    };
    let handlers: Vec<NodeRef<'_>> =
        parts.iter().copied().filter(|p| p.id() != path.id() && matches!(p.kind(), Kind::Ident | Kind::Member | Kind::Fn)).collect();
    if endpoint_of(path) != Endpoint::Mcp || !route_is_legacy(path, &handlers, cx) {
        return false;
    }
    let described = describe_path(path, cx);
    for m in legacy {
        cx.report(m, verb_message(m.text(), &described));
    }
    true
}

/// The handler a reported GET/DELETE route or branch hands the request to, when it is named
/// (`handlers::mcp_sse_handler`, `this.handleGetRequest(req)`): it is reported where it is
/// defined.
fn link_handler(handler: Option<NodeRef<'_>>, verb: &str, cx: &mut FileCx<'_>) {
    let Some(handler) = handler else { return };
    let target = match handler.kind() {
        Kind::Call if !handler.has_flag(flags::NEW) => patterns::call_target(handler),
        _ => patterns::function_ref(handler),
    };
    if let Some(target) = target {
        let verb = verb.trim_start_matches("map_");
        let what = if verb.eq_ignore_ascii_case("delete") || verb.eq_ignore_ascii_case("del") {
            "serves `DELETE` on the MCP endpoint (session termination)"
        } else {
            "serves `GET` on the MCP endpoint (the standalone SSE stream)"
        };
        cx.link(what, target);
    }
}

/// The call a branch hands the request to: its only statement, or what it returns.
fn delegated_call(branch: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let mut cur = patterns::see_through(branch);
    for _ in 0..4 {
        cur = patterns::see_through(cur);
        match cur.kind() {
            Kind::Call => return Some(cur),
            Kind::Block => cur = cur.children().next()?,
            Kind::Return => cur = cur.children().next()?,
            Kind::Case => cur = cur.child(Role::Body)?,
            // `match handlers::dispatch(…).await { … }`
            Kind::Switch => cur = cur.child(Role::Scrutinee)?,
            Kind::Var => cur = cur.child(Role::Init)?,
            _ => return None,
        }
    }
    None
}

/// The path of `X.route('/mcp')` (Express) or `web::resource("/mcp")` (actix) on the receiver
/// chain of a verb call.
fn chained_route_path(call: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let mut cur = call.receiver()?;
    loop {
        if cur.kind() != Kind::Call {
            return None;
        }
        if matches!(cur.call_name(), Some("route" | "resource" | "scope")) && cur.args().count() == 1 {
            return cur.arg(0).filter(|p| matches!(p.kind(), Kind::Str | Kind::Template | Kind::Ident | Kind::Member));
        }
        cur = cur.receiver()?;
    }
}

/// `fastify.route({ method: ['GET', 'POST'], url: '/mcp', handler })`.
fn check_fastify_route(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let is_route_arg =
        node.role() == Role::Arg && node.parent().is_some_and(|c| c.kind() == Kind::Call && c.call_name() == Some("route"));
    if !is_route_arg {
        return false;
    }
    let (Some(method), Some(path)) = (node.field("method"), node.field("url").or_else(|| node.field("path"))) else {
        return false;
    };
    let methods: Vec<NodeRef<'_>> = match method.kind() {
        Kind::Array => method.children().filter(|c| c.kind() == Kind::Str).collect(),
        Kind::Str => vec![method],
        _ => Vec::new(),
    };
    let legacy: Vec<NodeRef<'_>> =
        methods.into_iter().filter(|m| matches!(m.text().to_ascii_uppercase().as_str(), "GET" | "DELETE")).collect();
    let handlers: Vec<NodeRef<'_>> = node.field("handler").into_iter().collect();
    if legacy.is_empty() || !route_is_legacy(path, &handlers, cx) {
        return false;
    }
    let where_ = describe_path(path, cx);
    for m in legacy {
        cx.report(m, verb_message(m.text(), &where_));
    }
    true
}

/// `@Get()` under `@Controller('mcp')`, `#[get("/mcp")]`, `#[delete("/mcp")]`.
fn check_route_attribute(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let name = node.text().rsplit([':', '.']).next().unwrap_or_default();
    if !matches!(name, "get" | "delete" | "Get" | "Delete") {
        return;
    }
    // Rust attributes are children of their function; TS decorators precede it.
    let Some(func) = node.parent().filter(|f| f.kind() == Kind::Fn).or_else(|| decorated(node)) else { return };
    let own = node.arg(0).and_then(|a| a.str_value()).unwrap_or_default();
    // The controller's prefix (NestJS), when the class has one.
    let prefix = func
        .parent()
        .filter(|c| c.kind() == Kind::Container)
        .and_then(|c| {
            c.children_with(Role::Attr)
                .find(|a| a.text() == "Controller")
                .or_else(|| preceding_attributes(c).find(|a| a.text() == "Controller"))
        })
        .and_then(|a| a.arg(0))
        .and_then(|a| a.str_value())
        .unwrap_or_default();
    let path = format!("{}/{}", prefix.trim_end_matches('/'), own.trim_start_matches('/'));
    let mcp = path_is_mcp(&path) || (own.is_empty() && prefix.is_empty() && cx.mcp() && hands_to_mcp(func, cx));
    if !mcp || only_405(func, cx) {
        return;
    }
    let path = if path == "/" { "(its route)".to_string() } else { format!("`{path}`") };
    cx.report(node, verb_message(name, &path));
}

/// The declaration a TS decorator stands before: the next sibling that is not a decorator.
fn decorated(attr: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let parent = attr.parent()?;
    parent
        .children()
        .skip_while(|c| c.id() != attr.id())
        .skip(1)
        .find(|c| c.kind() != Kind::Attribute)
        .filter(|c| c.kind() == Kind::Fn)
}

/// The decorators right before a TS declaration, nearest first.
fn preceding_attributes<'t>(decl: NodeRef<'t>) -> impl Iterator<Item = NodeRef<'t>> + 't {
    let siblings: Vec<NodeRef<'t>> =
        decl.parent().map(|p| p.children().take_while(|c| c.id() != decl.id()).collect()).unwrap_or_default();
    siblings.into_iter().rev().take_while(|c| c.kind() == Kind::Attribute)
}

// ---------------------------------------------------------------------------------------------
// Node `http`: branches on `req.method`

/// `req.method === 'GET'` guarding the MCP endpoint's stream.
fn check_method_branch(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    if !matches!(node.text(), "==" | "===") {
        return;
    }
    let children: Vec<NodeRef<'_>> = node.children().collect();
    let [a, b] = children.as_slice() else { return };
    let (verb, other) = match (verb_of(*a), verb_of(*b)) {
        (Some(v), None) => (v, *b),
        (None, Some(v)) => (v, *a),
        _ => return,
    };
    if !is_http_method_expr(other) {
        return;
    }
    let Some(branch) = guarded_branch(node) else { return };
    if branch_is_legacy(node, branch, cx) {
        let path = branch_path(node).map(|p| format!("`{p}`")).unwrap_or_default();
        cx.report(node, verb_message(verb, &path));
        link_handler(delegated_call(branch), verb, cx);
    }
}

/// `switch (req.method) { case 'GET': … }`.
fn check_method_case(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let Some(scrutinee) = node.parent().and_then(|s| s.child(Role::Scrutinee)) else { return };
    if !is_http_method_expr(scrutinee) {
        return;
    }
    for pattern in node.children_with(Role::Pattern) {
        let Some(verb) = verb_of(pattern) else { continue };
        if branch_is_legacy(node, node, cx) {
            let path = branch_path(node).map(|p| format!("`{p}`")).unwrap_or_default();
            cx.report(pattern, verb_message(verb, &path));
            link_handler(delegated_call(node), verb, cx);
        }
    }
}

/// `'GET'`/`'DELETE'`, or Rust `Method::GET` / `http::Method::DELETE`.
fn verb_of(node: NodeRef<'_>) -> Option<&str> {
    let verb = match node.kind() {
        Kind::Str => node.text(),
        Kind::Member if node.has_flag(flags::STATIC_PATH) && node.object().is_some_and(|o| o.text() == "Method") => node.text(),
        _ => return None,
    };
    matches!(verb, "GET" | "DELETE").then_some(verb)
}

/// `req.method`, `request.method`, `c.req.method`, Rust `req.method()`: the HTTP verb of an
/// incoming request.
fn is_http_method_expr(node: NodeRef<'_>) -> bool {
    let node = match node.kind() {
        // `*req.method()`, `req.method().as_str()`
        Kind::Unary => match node.children().next() {
            Some(c) => c,
            None => return false,
        },
        _ => node,
    };
    if node.kind() == Kind::Call {
        return node.call_name() == Some("method") && node.receiver().is_some_and(names_request);
    }
    // `const method = request.method; if (method === 'GET')`, `let method = req.method().clone();`
    if node.kind() == Kind::Ident {
        return patterns::declaration_of(node).and_then(|d| d.child(Role::Init)).is_some_and(|init| {
            let mut init = init;
            while init.kind() == Kind::Call && matches!(init.call_name(), Some("clone" | "as_str" | "to_owned")) {
                match init.receiver() {
                    Some(r) => init = r,
                    None => return false,
                }
            }
            init.kind() != Kind::Ident && is_http_method_expr(init)
        });
    }
    node.kind() == Kind::Member && node.text() == "method" && node.object().is_some_and(names_request)
}

fn names_request(o: NodeRef<'_>) -> bool {
    o.path_segments().last().is_some_and(|s| {
        let s = s.to_ascii_lowercase();
        s == "req" || s.ends_with("request") || s == "raw" || s == "incoming" || s == "parts"
    })
}

/// The code a comparison guards: the `then` branch of its `if`.
fn guarded_branch(node: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let mut cur = node;
    loop {
        let parent = cur.parent()?;
        match parent.kind() {
            Kind::Binary if parent.text() == "&&" => cur = parent,
            Kind::If if cur.role() == Role::Cond => return parent.child(Role::Then),
            _ => return None,
        }
    }
}

/// The URL paths tested on the way to a node: in its own condition and in the conditions of
/// the `if`s it sits in.
fn branch_path(node: NodeRef<'_>) -> Option<String> {
    let mut found: Option<String> = None;
    let mut conditions: Vec<NodeRef<'_>> = Vec::new();
    if let Some(cond) = node.ancestors().find(|a| a.role() == Role::Cond) {
        conditions.push(cond);
    }
    let mut child = node;
    for a in node.ancestors() {
        if a.kind() == Kind::If && child.role() == Role::Then {
            if let Some(c) = a.child(Role::Cond) {
                conditions.push(c);
            }
        }
        child = a;
    }
    for cond in conditions {
        for n in std::iter::once(cond).chain(cond.descendants()) {
            let Some(v) = n.str_value() else { continue };
            if !v.starts_with('/') {
                continue;
            }
            if path_is_mcp(v) {
                return Some(v.to_string());
            }
            found.get_or_insert_with(|| v.to_string());
        }
    }
    found
}

fn branch_is_legacy(at: NodeRef<'_>, branch: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    if only_405(branch, cx) {
        return false;
    }
    match branch_path(at) {
        Some(p) => path_is_mcp(&p),
        // In MCP code, a dispatch on the HTTP method that also serves POST is the endpoint's.
        None => cx.mcp() && (hands_to_mcp(branch, cx) || dispatch_also_posts(at)),
    }
}

/// Whether the dispatch a verb test belongs to also has a POST branch: a sibling arm of the
/// `match`/`switch`, or a test in the same `if … else if` chain.
fn dispatch_also_posts(at: NodeRef<'_>) -> bool {
    let is_post_verb = |n: NodeRef<'_>| match n.kind() {
        Kind::Str => n.text() == "POST",
        Kind::Member => n.has_flag(flags::STATIC_PATH) && n.text() == "POST",
        _ => false,
    };
    if at.kind() == Kind::Case {
        return at
            .parent()
            .is_some_and(|s| s.children().filter(|c| c.kind() == Kind::Case).flat_map(|c| c.children_with(Role::Pattern)).any(is_post_verb));
    }
    // Up to the outermost `if` of the chain, then every condition in it.
    let Some(mut chain) = at.ancestors().find(|a| a.kind() == Kind::If) else { return false };
    while let Some(up) = chain.parent().filter(|p| p.kind() == Kind::If && chain.role() == Role::Else) {
        chain = up;
    }
    let mut cur = Some(chain);
    while let Some(i) = cur {
        if i.child(Role::Cond).is_some_and(|c| std::iter::once(c).chain(c.descendants()).any(is_post_verb)) {
            return true;
        }
        cur = i.child(Role::Else).filter(|e| e.kind() == Kind::If);
    }
    // `if method == "GET": return …` then `if method == "POST": return …`: one dispatch
    // written as `if`s one after another in the same block.
    chain.parent().filter(|b| b.kind() == Kind::Block).is_some_and(|block| {
        block.children().filter(|s| s.kind() == Kind::If && s.id() != chain.id()).any(|s| {
            s.child(Role::Cond).is_some_and(|c| {
                c.kind() == Kind::Binary
                    && c.children().any(is_post_verb)
                    && c.children().any(is_http_method_expr)
            })
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Rust routers

/// axum `.route("/mcp", get(sse).post(rpc).delete(end))`; actix `.route("/mcp", web::get().to(h))`
/// and `web::resource("/mcp").route(web::delete().to(h))`.
fn check_rust_route(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    if node.call_name() != Some("route") {
        return false;
    }
    let (path, router) = match (node.arg(0), node.arg(1)) {
        (Some(p), Some(r)) => (p, r),
        (Some(r), None) => match chained_route_path(node) {
            Some(p) => (p, r),
            None => return false,
        },
        _ => return false,
    };
    let verbs = cx.data("rust_verbs");
    let mut reported = false;
    // Walk the method-router chain: `get(a).post(b).delete(c)`, `web::get().to(h)`.
    let mut cur = Some(router);
    while let Some(call) = cur.filter(|c| c.kind() == Kind::Call) {
        let name = call.call_name().unwrap_or_default();
        if verbs.contains(&name) {
            let handlers: Vec<NodeRef<'_>> = match call.args().next() {
                Some(h) => vec![h],
                // actix `web::get().to(h)`: the handler is on the `.to(…)` above.
                None => call.parent().and_then(|m| m.parent()).filter(|c| c.kind() == Kind::Call).and_then(|c| c.arg(0)).into_iter().collect(),
            };
            if route_is_legacy(path, &handlers, cx) {
                let verb = if name.starts_with("delete") { "DELETE" } else { "GET" };
                let message = verb_message(verb, &describe_path(path, cx));
                cx.report(call, message);
                link_handler(handlers.first().copied(), verb, cx);
                reported = true;
            }
        }
        cur = match call.callee() {
            Some(c) if c.kind() == Kind::Member && !c.has_flag(flags::STATIC_PATH) => c.object(),
            _ => None,
        };
    }
    reported
}

// ---------------------------------------------------------------------------------------------
// Clients that open the GET stream

/// `fetch(url, { method: 'GET', headers: { Accept: 'text/event-stream' } })`,
/// `new EventSource(url)`, reqwest `client.get(url).header(ACCEPT, "text/event-stream")`.
fn check_client_stream(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let Some(name) = request_call_name(node) else { return false };
    if node.has_flag(flags::NEW) && name == "EventSource" {
        let Some(url) = node.arg(0) else { return false };
        if !is_mcp_url(url, cx) {
            return false;
        }
        cx.report(node, "opens a GET event stream on the MCP endpoint with `EventSource`; 2026-07-28 servers answer GET with 405");
        return true;
    }
    // reqwest: `.header(ACCEPT, "text/event-stream")` on a `.get(url)` chain.
    if name == "header" && node.arg(1).is_some_and(|v| accepts_only_event_stream(v)) && node.arg(0).is_some_and(names_accept) {
        let mut cur = node.receiver();
        while let Some(c) = cur.filter(|c| c.kind() == Kind::Call) {
            if c.call_name() == Some("get") && c.arg(0).is_some_and(|u| is_mcp_url(u, cx)) {
                cx.report(node, "opens a GET event stream on the MCP endpoint (`Accept: text/event-stream`); 2026-07-28 servers answer GET with 405");
                return true;
            }
            cur = c.receiver();
        }
        return false;
    }
    if !cx.data("client_request_calls").contains(&name) || node.has_flag(flags::NEW) {
        return false;
    }
    check_fetch(node, name, cx)
}

/// The request function a call invokes: `fetch(…)`, `axios.get(…)`, and
/// `(this._fetch ?? fetch)(…)` (an injected fetch with the global as fallback).
fn request_call_name(call: NodeRef<'_>) -> Option<&str> {
    let callee = call.callee()?;
    match callee.kind() {
        Kind::Ident | Kind::Member => Some(callee.text().trim_start_matches('_')),
        Kind::Binary if matches!(callee.text(), "??" | "||") => callee
            .children()
            .filter(|c| matches!(c.kind(), Kind::Ident | Kind::Member))
            .map(|c| c.text().trim_start_matches('_'))
            .find(|n| *n == "fetch"),
        _ => None,
    }
}

fn check_fetch(node: NodeRef<'_>, name: &str, cx: &mut FileCx<'_>) -> bool {
    let (Some(url), Some(options)) = (node.arg(0), node.args().find(|a| a.kind() == Kind::Object)) else { return false };
    let method = options.field("method");
    let is_get = match method {
        Some(m) => m.str_value().is_some_and(|v| v.eq_ignore_ascii_case("GET")),
        // `fetch` without a method and `axios.get` are GET.
        None => name == "fetch" || name == "get",
    };
    if !is_get || !options.field("headers").is_some_and(|h| headers_accept_event_stream(h, node)) || !is_mcp_url(url, cx) {
        return false;
    }
    cx.report(node, "opens a GET event stream on the MCP endpoint (`Accept: text/event-stream`); 2026-07-28 servers answer GET with 405");
    true
}

fn names_accept(node: NodeRef<'_>) -> bool {
    match node.kind() {
        Kind::Str => node.text().eq_ignore_ascii_case("accept"),
        Kind::Ident | Kind::Member => node.text().eq_ignore_ascii_case("accept"),
        _ => false,
    }
}

/// `'text/event-stream'` without `application/json` (a modern POST accepts both).
fn accepts_only_event_stream(value: NodeRef<'_>) -> bool {
    let v = match value.kind() {
        Kind::Str | Kind::Template => value.text().to_ascii_lowercase(),
        _ => return false,
    };
    v.contains("text/event-stream") && !v.contains("application/json")
}

/// A `headers` value that asks for an event stream: an object literal with an `Accept` key, or
/// a variable whose headers are set in the same function (`headers.set('Accept', …)`).
fn headers_accept_event_stream(headers: NodeRef<'_>, call: NodeRef<'_>) -> bool {
    match headers.kind() {
        Kind::Object => headers
            .children()
            .filter(|p| p.kind() == Kind::Pair && p.text().eq_ignore_ascii_case("accept"))
            .any(|p| p.value().is_some_and(accepts_only_event_stream)),
        Kind::Call if headers.has_flag(flags::NEW) => headers.args().any(|a| headers_accept_event_stream(a, call)),
        Kind::Ident => {
            let name = headers.text();
            let scope = call.enclosing(Kind::Fn).unwrap_or_else(|| call.tree().root());
            scope.descendants().any(|n| {
                let set_call = n.kind() == Kind::Call
                    && matches!(n.call_name(), Some("set" | "append"))
                    && n.receiver().is_some_and(|r| r.kind() == Kind::Ident && r.text() == name)
                    && n.arg(0).is_some_and(names_accept)
                    && n.arg(1).is_some_and(accepts_only_event_stream);
                let init = n.kind() == Kind::Var
                    && n.text() == name
                    && n.child(Role::Init).is_some_and(|i| headers_accept_event_stream(i, call));
                set_call || init
            })
        }
        _ => false,
    }
}

/// A URL that is the MCP endpoint: a literal ending in `/mcp`, or anything not literal in MCP
/// code (`this._url`, `serverUrl`).
fn is_mcp_url(url: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    match url.kind() {
        Kind::Str => path_is_mcp(url.text().split("://").last().unwrap_or_default()),
        Kind::Template if !url.text().is_empty() => path_is_mcp(url.text()),
        _ => match endpoint_of(url) {
            Endpoint::Mcp => true,
            Endpoint::Other => false,
            Endpoint::Unknown => cx.mcp(),
        },
    }
}

// ---------------------------------------------------------------------------------------------
// The 2024-11-05 HTTP+SSE transport (note)

fn note(cx: &mut FileCx<'_>, at: NodeRef<'_>, what: &str) {
    let message = format!("uses the deprecated 2024-11-05 HTTP+SSE transport (`{what}`)");
    cx.report(at, message)
        .with_level(Level::Note)
        .with_hint("Serve and call Streamable HTTP; keep HTTP+SSE only as a fallback for 2024-11-05 peers.");
}

/// `new SSEServerTransport('/messages', res)`, `SseServer::serve(addr)`,
/// `SseClientTransport::start(url)`.
fn check_sse_transport(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let types = cx.data("note_types");
    let Some(callee) = node.callee() else { return false };
    let named = if node.has_flag(flags::NEW) || callee.kind() == Kind::Ident {
        let local = callee.text();
        // `import { SSEServerTransport as SdkSse } from '@modelcontextprotocol/sdk/server/sse.js'`:
        // the SDK's name, under the local one.
        // (Only for a class constructed with `new`: the lookup walks the file's imports.)
        let sdk_name = || {
            if !node.has_flag(flags::NEW) {
                return None;
            }
            let import = crate::patterns::import_of(node.tree().root(), local)
                .filter(|i| crate::context::is_sdk_module(i.text()))?;
            import.imported_as(local)
        };
        Some(local).filter(|t| types.contains(t)).or_else(|| sdk_name().filter(|t| types.contains(t)))
    } else if callee.kind() == Kind::Member && callee.has_flag(flags::STATIC_PATH) {
        let segments = callee.path_segments();
        segments.iter().copied().find(|s| types.contains(s)).or_else(|| {
            // `use rmcp::transport::SseServer as Legacy;` then `Legacy::serve(…)`: the SDK's
            // type under the local name.
            let import = cx.import_binding(segments.first()?)?;
            let imported = import.text().rsplit("::").next()?;
            (crate::context::is_sdk_module(import.text()) && types.contains(&imported)).then_some(imported)
        })
    } else {
        None
    };
    let Some(what) = named else { return false };
    note(cx, node, what);
    true
}

/// `SseServerConfig { bind, sse_path, .. }`.
fn check_sse_config(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let types = cx.data("note_types");
    if !types.contains(&node.text()) {
        return false;
    }
    // Inside `SseServer::serve_with_config(SseServerConfig { … })` the call is the report.
    if node.role() == Role::Arg && node.parent().is_some_and(|c| c.kind() == Kind::Call && check_is_sse_call(c, types)) {
        return true;
    }
    let what = node.text();
    let message = format!("uses the deprecated 2024-11-05 HTTP+SSE transport (`{what}`)");
    cx.report_range((node.start(), (node.start() + what.len()).min(node.end())), message)
        .with_level(Level::Note)
        .with_hint("Serve and call Streamable HTTP; keep HTTP+SSE only as a fallback for 2024-11-05 peers.");
    true
}

fn check_is_sse_call(call: NodeRef<'_>, types: &[&str]) -> bool {
    call.callee().is_some_and(|c| c.path_segments().iter().any(|s| types.contains(s)))
}
