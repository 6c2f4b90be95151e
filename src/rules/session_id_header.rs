//! MCP102 `session-id-header`: the removed `Mcp-Session-Id` header, read, written or exposed.
//!
//! Header literals get a message that says what the code does with the header (reads it from
//! a request, sets it on a response, exposes it through CORS, sends it from a client); the SDK
//! constants and `transport.sessionId` come from the rule's `[[match]]` list. Server-side uses
//! are legacy handlers: `--target dual` keeps them as notes.
//!
//! Fix (safe): the header leaves a CORS allow/expose list, an array element with its separator
//! or an item of a comma-separated string. Reads, writes and sends of the header get none: the
//! code around them is built on the session.

use crate::engine::FileCx;
use crate::fix::{Edit, Fix};
use crate::patterns::{self, name_words};
use crate::rules::{Rule, RuleMeta};
use crate::tree::{flags, Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &SessionIdHeader;

struct SessionIdHeader;

const HEADER: &str = "mcp-session-id";
const READ: &str = "reads the removed `Mcp-Session-Id` request header";
const NAMES: &str = "names the removed `Mcp-Session-Id` header";
const LISTS: &str = "lists the removed `Mcp-Session-Id` header in a header list (CORS allow or expose headers)";

impl Rule for SessionIdHeader {
    fn kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        let mut kinds = patterns::kinds(&meta.patterns);
        kinds.extend([Kind::Str, Kind::Pair]);
        kinds
    }

    fn own_kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        vec![Kind::Str, Kind::Pair]
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        let literal = match node.kind() {
            Kind::Str => node.text(),
            Kind::Pair if node.has_flag(flags::STRING_KEY) => node.text(),
            _ => "",
        };
        // `allowHeaders: 'Content-Type, Mcp-Session-Id'`: one item of a header list.
        if literal.contains(',') && patterns::list_items(literal).any(|h| h.eq_ignore_ascii_case(HEADER)) {
            // Reported where the list is written, not where a constant passes it on.
            if !node.is_resolved() && !patterns::in_negated_assertion(node) && !patterns::in_test_of_absence(node, HEADER) {
                let fix = crate::rewrite::remove_list_item(cx.source, node, HEADER).map(|e| Fix::safe(REMOVE, vec![e]));
                let diag = cx.report(node, LISTS);
                diag.legacy_handler(true);
                if let Some(fix) = fix {
                    diag.with_fix(fix);
                }
            }
            return;
        }
        // `"HTTP/1.1 200 OK\r\nMcp-Session-Id: {id}\r\n"`: a header line of an HTTP message
        // written by hand (a mock peer, a raw request in a test).
        if node.kind() == Kind::Str && holds_header_line(literal) {
            if !node.is_resolved()
                && !patterns::in_negated_assertion(node)
                && !patterns::in_test_of_absence(node, HEADER)
                && !patterns::only_logged(node)
                && !bare_statement(node)
            {
                let message = if matches_raw_text(node) { READS_LINE } else { WRITES_LINE };
                cx.report(node, message).legacy_handler(true);
            }
            return;
        }
        if literal.eq_ignore_ascii_case(HEADER) {
            if asserts_absent(node)
                || (!reads_the_header(node) && patterns::in_negated_assertion(node))
                || names_a_cookie(node)
                || patterns::in_test_of_absence(node, HEADER)
            {
                return;
            }
            let (message, server) = describe(node);
            // A read, or a bare mention in a tracing field, that only goes into a log line.
            let logged = match message.as_str() {
                READ => node.parent().is_some_and(patterns::only_logged),
                NAMES => patterns::only_logged(node),
                _ => false,
            };
            if logged {
                return;
            }
            let fix = header_list_element(node).and_then(|elem| remove_from_header_list(elem, cx));
            let diag = cx.report(node, message);
            diag.legacy_handler(server);
            if let Some(fix) = fix {
                diag.with_fix(fix);
            }
            return;
        }
        patterns::check_unless(node, cx, |n| on_sse_transport(n) || patterns::only_logged(n));
    }
}

const WRITES_LINE: &str = "writes the removed `Mcp-Session-Id` header as a line of a raw HTTP message";
const READS_LINE: &str = "reads the removed `Mcp-Session-Id` header from the lines of a raw HTTP message";

/// Whether a string is what raw text is searched for (`line.starts_with("mcp-session-id:")`,
/// `head.includes('Mcp-Session-Id: ')`): the header is read, not written.
fn matches_raw_text(node: NodeRef<'_>) -> bool {
    const SEARCHES: &[&str] = &[
        "starts_with", "startsWith", "startswith", "strip_prefix", "removeprefix", "contains", "includes", "find",
        "indexOf", "index", "split_once", "split", "partition", "match", "test", "search",
    ];
    node.role() == Role::Arg
        && node.parent().is_some_and(|call| {
            call.kind() == Kind::Call && call.call_name().is_some_and(|name| SEARCHES.contains(&name))
        })
}

/// Whether a string holds the header as a header line: `Mcp-Session-Id:` at its start or after
/// a line break (written out, `\n`, or as the escape the source spells), whatever the case.
fn holds_header_line(text: &str) -> bool {
    // Asked of every string the rule is offered: no lowered copy is made.
    patterns::find_ignore_case(text, HEADER).any(|at| {
        let before = text.get(..at).unwrap_or_default().trim_end_matches([' ', '\t']);
        let after = text.get(at + HEADER.len()..).unwrap_or_default().trim_start_matches([' ', '\t']);
        after.starts_with(':') && (before.is_empty() || before.ends_with('\n') || before.ends_with("\\n"))
    })
}

/// A string that is a statement by itself: a Python docstring, a directive.
fn bare_statement(node: NodeRef<'_>) -> bool {
    node.parent().is_none_or(|p| matches!(p.kind(), Kind::Block | Kind::Module))
}

const REMOVE: &str = "Remove `Mcp-Session-Id` from the header list";

/// The element of a CORS header list that names the header: the literal itself
/// (`exposedHeaders: ['Mcp-Session-Id']`) or the one-argument call around it
/// (`.expose_headers([HeaderName::from_static("mcp-session-id")])`).
fn header_list_element(literal: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let elem = match literal.parent() {
        Some(call) if literal.role() == Role::Arg && call.kind() == Kind::Call && call.args().count() == 1 => call,
        _ => literal,
    };
    let list = elem.parent().filter(|l| l.kind() == Kind::Array && elem.role() == Role::Elem)?;
    let owner = list.parent()?;
    let cors = match owner.kind() {
        Kind::Pair => is_cors_key(owner.text()),
        Kind::Call => list.role() == Role::Arg && owner.call_name().is_some_and(is_cors_key),
        _ => false,
    };
    cors.then_some(elem)
}

/// Removes the element with its separator. The only element leaves an empty TS or Python list
/// (`[]` allows or exposes no header, as the list meant apart from this one); in Rust the empty
/// array's type would have to be spelled out, so that case gets no fix.
fn remove_from_header_list(elem: NodeRef<'_>, cx: &FileCx<'_>) -> Option<Fix> {
    let list = elem.parent()?;
    let edit = if list.children().count() == 1 {
        let bracketed = cx.text(list).starts_with('[') && cx.text(list).ends_with(']');
        (cx.lang() != crate::tree::Lang::Rust && bracketed).then(|| Edit::replace(list.span(), "[]"))?
    } else {
        crate::rewrite::remove_element(cx.source, elem)?
    };
    Some(Fix::safe(REMOVE, vec![edit]))
}

/// `transport.sessionId` of the 2024-11-05 HTTP+SSE transport (`new SSEServerTransport(…)`):
/// the `/message?sessionId=` routing key, not the header; MCP104 reports that transport.
fn on_sse_transport(node: NodeRef<'_>) -> bool {
    node.object()
        .filter(|o| o.kind() == Kind::Ident)
        .is_some_and(|o| patterns::variable_classes(o).iter().any(|c| matches!(*c, "SSEServerTransport" | "SSEClientTransport")))
}

/// The name of the application's own cookie (`cookie_name: "mcp-session-id".to_string()`,
/// `res.cookie('mcp-session-id', v)`, `req.cookies['mcp-session-id']`, `jar.get(…)`): a cookie is
/// not the protocol header, and an application may keep its own sessions in 2026-07-28.
fn names_a_cookie(literal: NodeRef<'_>) -> bool {
    let cookie = |name: &str| name_words(name).iter().any(|w| matches!(w.as_str(), "cookie" | "cookies" | "jar"));
    // Up through conversions: `.to_string()`, `.into()`, `String::from(…)`.
    let value = patterns::converted(literal, &["to_string", "to_owned", "into", "from"]);
    let Some(place) = value.parent() else { return false };
    match (value.role(), place.kind()) {
        (Role::Value, Kind::Pair) | (Role::Init, Kind::Var | Kind::Field) => cookie(place.text()),
        (Role::Right, Kind::Assign) => {
            place.child(Role::Left).and_then(|l| l.path_segments().last().copied()).is_some_and(cookie)
        }
        (Role::Arg, Kind::Call) => place.callee().is_some_and(|c| c.path_segments().iter().any(|s| cookie(s))),
        (Role::Index, Kind::Index) => place.object().is_some_and(|o| o.path_segments().iter().any(|s| cookie(s))),
        _ => false,
    }
}

/// `headers['mcp-session-id']`, `headers.get('mcp-session-id')`: the literal reads the header's
/// value. A negated assertion about that value (`assert_ne!(a["mcp-session-id"],
/// b["mcp-session-id"])`) relies on the header being there; [`asserts_absent`] tells the reads
/// that assert it gone.
fn reads_the_header(literal: NodeRef<'_>) -> bool {
    literal.parent().is_some_and(|p| match (literal.role(), p.kind()) {
        (Role::Index, Kind::Index) => true,
        (Role::Arg, Kind::Call) => matches!(p.call_name(), Some("get" | "getHeader" | "get_all" | "header")),
        _ => false,
    })
}

/// A test asserting that the header is not there, which is what 2026-07-28 wants:
/// `expect(res.headers.get('mcp-session-id')).toBeNull()`,
/// `assert.strictEqual(reply.headers['mcp-session-id'], undefined)`,
/// `assert!(res.headers().get("mcp-session-id").is_none())`,
/// `assert_eq!(res.headers().get("mcp-session-id"), None)`.
fn asserts_absent(literal: NodeRef<'_>) -> bool {
    // Python: `assert "mcp-session-id" not in response.headers`.
    if literal.role() == Role::Left
        && literal.parent().is_some_and(|b| b.kind() == Kind::Binary && b.text() == "not in" && patterns::is_assert_condition(b))
    {
        return true;
    }
    // `headers.get('mcp-session-id')` or `headers['mcp-session-id']`.
    let Some(read) = literal.parent().filter(|c| match (literal.role(), c.kind()) {
        (Role::Arg, Kind::Call) => matches!(c.call_name(), Some("get" | "getHeader" | "has" | "contains_key")),
        (Role::Index, Kind::Index) => true,
        _ => false,
    }) else {
        return false;
    };
    let Some(up) = read.parent() else { return false };
    // Python: `assert read is None`.
    if up.kind() == Kind::Binary && up.text() == "===" && read.role() == Role::Left {
        let none = up.child(Role::Right).is_some_and(|r| r.kind() == Kind::Null);
        return none && patterns::is_assert_condition(up);
    }
    // `expect(read).toBeNull()`, `expect(read).not.toBeDefined()`.
    if up.kind() == Kind::Call && up.call_name() == Some("expect") && read.role() == Role::Arg {
        return patterns::expects_nothing(up);
    }
    // `read.is_none()` inside `assert!(…)`, not negated.
    if up.kind() == Kind::Member && up.text() == "is_none" && read.role() == Role::Object {
        let call = up.parent().filter(|c| c.kind() == Kind::Call);
        return call.and_then(|c| c.parent()).is_some_and(|m| m.kind() == Kind::Macro && matches!(m.text(), "assert" | "debug_assert"));
    }
    // `assert_eq!(read, None)`, `assert.equal(read, null)`.
    patterns::asserts_equal_to_nothing(up, read)
}

/// What the code does with the header, and whether that is the server side.
fn describe(node: NodeRef<'_>) -> (String, bool) {
    let read = (READ.to_string(), true);
    let set = ("sets the removed `Mcp-Session-Id` header on a response".to_string(), true);
    let send = ("sends the removed `Mcp-Session-Id` header".to_string(), false);
    let capture = ("captures the removed `Mcp-Session-Id` header from a response".to_string(), false);
    let write = ("writes the removed `Mcp-Session-Id` header into a headers object".to_string(), false);
    let Some(parent) = node.parent() else {
        return (NAMES.to_string(), false);
    };
    match (node.kind(), node.role(), parent.kind()) {
        // `req.headers['mcp-session-id']`, `headers['mcp-session-id'] = sid`
        (Kind::Str, Role::Index, Kind::Index) => {
            let object = parent.object().map(|o| o.path_segments().join(".")).unwrap_or_default();
            let assigned = parent.role() == Role::Left && parent.parent().is_some_and(|a| a.kind() == Kind::Assign);
            let deleted = parent.parent().is_some_and(|u| u.kind() == Kind::Unary && u.text() == "delete");
            if deleted {
                ("deletes the removed `Mcp-Session-Id` header from a headers object".to_string(), false)
            } else if assigned && names_response(&object) {
                set
            } else if assigned {
                match parent.object().and_then(destination) {
                    Some(Destination::Response) => set,
                    Some(Destination::Request) => send,
                    None => write,
                }
            } else if names_response(&object) || parent.object().is_some_and(on_a_sent_request) {
                capture
            } else {
                read
            }
        }
        // `headers.get(…)`, `res.setHeader(…)`, `.header(…)`
        (Kind::Str, Role::Arg, Kind::Call) => {
            let name = parent.call_name().unwrap_or_default();
            let receiver = parent.receiver().map(|r| r.path_segments().join(".")).unwrap_or_default();
            let two_args = parent.arg(1).is_some();
            match name {
                "get" | "getHeader" | "get_all" | "getAll" | "has" | "contains_key" | "remove" | "delete" => {
                    if names_response(&receiver) || parent.receiver().is_some_and(on_a_sent_request) {
                        capture
                    } else {
                        read
                    }
                }
                "header" if !two_args => read,
                "setHeader" | "set" | "append" | "insert" | "header" | "set_header" | "writeHead" => {
                    if names_request(&receiver) || parent.receiver().is_some_and(|r| builds_request(r) || on_a_sent_request(r)) {
                        send
                    } else if names_response(&receiver) || names_handler_context(&receiver) {
                        set
                    } else if receiver.is_empty() {
                        // A free `header(name, value)`: a test's request matcher, a builder helper.
                        (NAMES.to_string(), false)
                    } else {
                        // `headers.insert(…)`: where the map goes says what it is for.
                        match parent.receiver().and_then(destination) {
                            Some(Destination::Response) => set,
                            Some(Destination::Request) => send,
                            None => write,
                        }
                    }
                }
                _ => (NAMES.to_string(), false),
            }
        }
        // `exposedHeaders: ['Mcp-Session-Id']`
        (Kind::Str, Role::Elem, Kind::Array) if parent.parent().is_some_and(|p| is_cors_key(p.text())) => {
            cors(parent.parent().map_or("", |p| p.text()))
        }
        (Kind::Str, Role::Value, Kind::Pair) if is_cors_key(parent.text()) => cors(parent.text()),
        // `headers: { 'mcp-session-id': sid }`
        (Kind::Pair, _, Kind::Object) => {
            // Through a conditional spread: `{ ...(sid ? { 'mcp-session-id': sid } : {}) }`.
            let object = spread_target(parent);
            let outer = object.parent();
            if outer.is_some_and(|p| p.kind() != Kind::Var && p.text().eq_ignore_ascii_case("headers")) {
                // Request options send it, except those of `new Response(body, { headers })`.
                let call = outer.and_then(|p| p.parent()).and_then(|o| o.parent()).filter(|c| c.kind() == Kind::Call);
                if call.is_some_and(|c| c.call_name().is_some_and(|n| n.ends_with("Response"))) {
                    set
                } else {
                    send
                }
            } else if let Some(call) = outer.filter(|c| {
                c.kind() == Kind::Call && object.role() == Role::Arg && c.call_name() != Some("Headers")
            }) {
                // The headers object handed to a call: a response writer (`res.writeHead(200, {…})`,
                // `res.set({…})`) sets it; any other call (`post(url, body, {…})`) sends it. A bare
                // `new Headers({…})` says neither, and keeps the default.
                match call_destination(call) {
                    Destination::Response => set,
                    Destination::Request => send,
                }
            } else if let Some(left) = outer.filter(|a| a.kind() == Kind::Assign && object.role() == Role::Right).and_then(|a| a.child(Role::Left)) {
                // `mockReq.headers = { …, 'mcp-session-id': sid }`
                let target = left.path_segments().join(".");
                if names_response(&target) {
                    set
                } else if names_request(&target) {
                    send
                } else {
                    write
                }
            } else if let Some(var) = outer.filter(|v| v.kind() == Kind::Var && object.role() == Role::Init) {
                // `const headers = { … }`, then where the variable goes.
                match variable_destination(var.text(), var) {
                    Some(Destination::Response) => set,
                    Some(Destination::Request) => send,
                    None if var.text().eq_ignore_ascii_case("headers") => send,
                    None => set,
                }
            } else {
                set
            }
        }
        _ => (NAMES.to_string(), false),
    }
}

/// A CORS list that exposes the header to scripts or allows clients to send it.
fn cors(key: &str) -> (String, bool) {
    let k = key.to_ascii_lowercase().replace(['-', '_'], "");
    let verb = if k.contains("expose") { "exposes" } else { "allows" };
    (format!("{verb} the removed `Mcp-Session-Id` header through CORS"), true)
}

fn is_cors_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase().replace(['-', '_'], "");
    k.contains("exposeheaders") || k.contains("exposedheaders") || k.contains("allowheaders") || k.contains("allowedheaders")
}

/// A path with a segment named for a response: `res`, `reply`, `initResponse`, `mockRes`.
fn names_response(path: &str) -> bool {
    path.split('.').any(|s| {
        crate::patterns::name_words(s).last().is_some_and(|w| matches!(w.as_str(), "res" | "resp" | "response" | "reply"))
    })
}

/// A web framework's handler context, whose header setters answer the request: Hono `c`,
/// Koa `ctx`.
fn names_handler_context(path: &str) -> bool {
    matches!(path.split('.').next(), Some("c" | "ctx" | "context"))
}

/// Whether a receiver belongs to a request this code sends: the chain itself has a sending
/// call (`client.post(url).header(…)`, `client.post(url).send().await?.headers()`), or its
/// variable was bound to one (`let init = post(url, body).await?; init.headers()`). Headers
/// read there come from the answer; headers written there go out with the request.
fn on_a_sent_request(receiver: NodeRef<'_>) -> bool {
    if receiver.chain().any(|n| n.kind() == Kind::Call && sends(n)) {
        return true;
    }
    let init = receiver.chain_root().and_then(patterns::declaration_of).and_then(|d| d.child(Role::Init));
    init.is_some_and(|i| std::iter::once(i).chain(i.descendants()).any(|c| c.kind() == Kind::Call && sends(c)))
}

/// A request builder chain: `http.get(url)`, `client.request(Method::POST, url)`, each
/// builder step after it (`.header(…)`, `.bearer_auth(…)`).
fn builds_request(receiver: NodeRef<'_>) -> bool {
    let mut cur = receiver;
    while cur.kind() == Kind::Call {
        let verb = matches!(cur.call_name(), Some("get" | "post" | "put" | "patch" | "delete" | "head" | "request"));
        if verb && cur.receiver().is_some() && cur.arg(0).is_some() {
            return true;
        }
        match cur.receiver() {
            Some(r) => cur = r,
            None => break,
        }
    }
    false
}

/// The object a literal is spread into, through a condition: for
/// `{ a, ...(sid ? { 'mcp-session-id': sid } : {}) }`, the outer object.
fn spread_target(object: NodeRef<'_>) -> NodeRef<'_> {
    let mut cur = object;
    loop {
        match cur.parent() {
            Some(p) if p.kind() == Kind::If && matches!(cur.role(), Role::Then | Role::Else) => cur = p,
            Some(p) if p.kind() == Kind::Spread => match p.parent().filter(|o| o.kind() == Kind::Object) {
                Some(o) => return o,
                None => return object,
            },
            _ => return object,
        }
    }
}

/// Where a headers object goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Destination {
    Response,
    Request,
}

/// Where the headers variable at the root of `object` goes after it is filled in, within its
/// function: into a response (`new Response(body, { headers })`, `res.writeHead(200, headers)`)
/// or out with a request (`fetch(url, { headers })`, `send_get_request(url, Some(headers))`).
fn destination(object: NodeRef<'_>) -> Option<Destination> {
    let root = object.chain_root()?;
    variable_destination(root.text(), root)
}

/// Where the variable `name`, bound or filled in at `at`, goes later in its function; failing
/// that, what the function's name says it builds (`getResponseHeaders`, `requestHeaders`).
fn variable_destination(name: &str, at: NodeRef<'_>) -> Option<Destination> {
    let scope = at.ancestors().find(|a| a.kind() == Kind::Fn)?;
    for mut use_ in scope.descendants().filter(|d| d.start() > at.start() && d.text() == name) {
        // `Some(headers)`, `Ok(headers)` pass it on unchanged.
        while let Some(wrapper) = use_
            .parent()
            .filter(|p| use_.role() == Role::Arg && p.kind() == Kind::Call && matches!(p.call_name(), Some("Some" | "Ok")))
        {
            use_ = wrapper;
        }
        // `{ headers }` and `{ headers: headers }` hand it over as the `headers` option.
        let handed = match (use_.kind(), use_.parent()) {
            (Kind::Pair, _) if use_.has_flag(flags::SHORTHAND) => Some(use_),
            (_, Some(p)) if p.kind() == Kind::Pair && use_.role() == Role::Value => Some(p),
            (_, Some(p)) if use_.role() == Role::Arg && p.kind() == Kind::Call => {
                return Some(call_destination(p));
            }
            _ => None,
        };
        let call = handed.and_then(|pair| pair.parent()).filter(|o| o.role() == Role::Arg).and_then(|o| o.parent());
        if let Some(call) = call.filter(|c| c.kind() == Kind::Call) {
            return Some(call_destination(call));
        }
    }
    let words = crate::patterns::name_words(scope.text());
    if words.iter().any(|w| w == "response" || w == "res") {
        Some(Destination::Response)
    } else if words.iter().any(|w| w == "request" || w == "req") {
        Some(Destination::Request)
    } else {
        None
    }
}

/// What a call that receives a headers object does with it.
fn call_destination(call: NodeRef<'_>) -> Destination {
    let name = call.call_name().unwrap_or_default();
    let receiver = call.receiver().map(|r| r.path_segments().join(".")).unwrap_or_default();
    let writes = name.ends_with("Response")
        || (matches!(name, "writeHead" | "set" | "setHeader" | "setHeaders" | "header" | "headers") && !names_request(&receiver))
        || names_response(&receiver);
    if writes {
        Destination::Response
    } else {
        Destination::Request
    }
}

/// A call that sends a request and returns its answer: `send`, `fetch`, `send_…`, `…post…`
/// (`mcp_json_post`, `postRequest`). Not `new Request(…)`, which only builds one.
fn sends(call: NodeRef<'_>) -> bool {
    if call.has_flag(flags::NEW) {
        return false;
    }
    let lower = call.call_name().unwrap_or_default().to_ascii_lowercase();
    matches!(lower.as_str(), "send" | "fetch") || lower.starts_with("send") || lower.contains("post")
}

/// A path with a segment named for an outgoing request or its options: `req`, `mockReq`,
/// `postRequest`, `client`, `builder`, `init`, `options`.
fn names_request(path: &str) -> bool {
    path.split('.').any(|s| {
        crate::patterns::name_words(s)
            .last()
            .is_some_and(|w| matches!(w.as_str(), "req" | "request" | "client" | "builder" | "init" | "options"))
    }) && !names_response(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::{rs, ts};

    fn message_for(src: &str) -> String {
        let tree = ts(src);
        let Some(pair) = tree.nodes().find(|n| n.kind() == Kind::Pair && n.text().eq_ignore_ascii_case(HEADER)) else {
            panic!("no header pair in {src}");
        };
        describe(pair).0
    }

    fn literal_message(tree: &crate::tree::Tree, src: &str) -> String {
        let Some(node) = tree.nodes().find(|n| matches!(n.kind(), Kind::Str | Kind::Pair) && n.text().eq_ignore_ascii_case(HEADER))
        else {
            panic!("no header literal in {src}");
        };
        describe(node).0
    }

    #[test]
    fn what_a_call_does_with_the_header() {
        for (src, verb) in [
            ("headers['mcp-session-id'] = sessionId;", "writes"),
            ("function f() { const headers = {}; headers['mcp-session-id'] = sid; return new Response(body, { headers }); }", "sets"),
            ("async function f() { const headers = {}; headers['mcp-session-id'] = sid; return fetch(url, { headers: headers }); }", "sends"),
            ("function f(res) { const h = {}; h['mcp-session-id'] = sid; res.writeHead(200, h); }", "sets"),
            ("res.headers['mcp-session-id'] = sessionId;", "sets"),
            ("const id = req.headers['mcp-session-id'];", "reads"),
            ("async function f() { const r = await fetch(url); return r.headers.get('mcp-session-id'); }", "captures"),
            ("async function f() { const init = await postRequest(url, body); return init.headers.get('mcp-session-id'); }", "captures"),
            ("res.setHeader('Mcp-Session-Id', id);", "sets"),
            ("c.header('Mcp-Session-Id', id);", "sets"),
            ("headers.set('mcp-session-id', sid);", "writes"),
            ("await fetch(url, { headers: { a: 'b', ...(sid ? { 'mcp-session-id': sid } : {}) } });", "sends"),
            ("mockReq.headers = { ...mockReq.headers, 'mcp-session-id': sessionId };", "sends"),
            ("app.use(cors({ allowedHeaders: ['Content-Type', 'Mcp-Session-Id'] }));", "allows"),
            ("app.use(cors({ exposedHeaders: ['Mcp-Session-Id'] }));", "exposes"),
            ("delete mockReq.headers['mcp-session-id'];", "deletes"),
            ("function getResponseHeaders() { const headers = {}; headers['mcp-session-id'] = id; return headers; }", "sets"),
            ("function build() { const h = { 'mcp-session-id': sid }; return fetch(url, { headers: h }); }", "sends"),
        ] {
            let message = literal_message(&ts(src), src);
            assert!(message.starts_with(verb), "{src}: {message}");
        }
        for (src, verb) in [
            ("fn f(req: Request) { req.headers().get(\"mcp-session-id\"); }", "reads"),
            ("fn f() { headers.insert(\"mcp-session-id\", v); }", "writes"),
            (
                "async fn f() { let mut headers = HeaderMap::new(); headers.insert(\"mcp-session-id\", v); send_get_request(url, Some(headers)).await; }",
                "sends",
            ),
            (
                "fn f(mut response: Response) { let mut h = HeaderMap::new(); h.insert(\"mcp-session-id\", v); response.headers_mut().extend(h); }",
                "sets",
            ),
            ("fn f() { response.headers_mut().insert(\"mcp-session-id\", v); }", "sets"),
            ("fn f() { client.post(url).header(\"mcp-session-id\", sid); }", "sends"),
            ("fn f() { http.get(&url).header(\"Accept\", \"text/event-stream\").header(\"Mcp-Session-Id\", &sid); }", "sends"),
            ("fn f() { mcp_json_post(&app, body).header(\"mcp-session-id\", sid); }", "sends"),
            (
                "async fn f() { let init = mcp_json_post(&app, body).await; init.headers().get(\"mcp-session-id\"); }",
                "captures",
            ),
            ("fn f() { Mock::given(method(\"POST\")).and(header(\"mcp-session-id\", \"abc\")); }", "names"),
        ] {
            let message = literal_message(&rs(src), src);
            assert!(message.starts_with(verb), "{src}: {message}");
        }
    }

    #[test]
    fn a_headers_object_is_sent_or_set_by_what_receives_it() {
        for (src, verb) in [
            ("await post('/mcp', body, { 'mcp-session-id': 'a' });", "sends"),
            ("await fetch(url, { method: 'POST', headers: { 'mcp-session-id': sid } });", "sends"),
            ("res.writeHead(200, { 'Mcp-Session-Id': sid });", "sets"),
            ("res.set({ 'mcp-session-id': sid });", "sets"),
            ("return new Response(body, { headers: { 'mcp-session-id': sid } });", "sets"),
            ("const h = { 'mcp-session-id': sid };", "sets"),
            ("const headers = { 'mcp-session-id': sid };", "sends"),
            ("mock.mockResolvedValue({ status: 200, headers: new Headers({ 'mcp-session-id': 'x' }) });", "sets"),
        ] {
            let message = message_for(src);
            assert!(message.starts_with(verb), "{src}: {message}");
        }
    }
}
