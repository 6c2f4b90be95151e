//! MCP102 `session-id-header`: the removed `Mcp-Session-Id` header, read, written or exposed.
//!
//! Header literals get a message that says what the code does with the header (reads it from
//! a request, sets it on a response, exposes it through CORS, sends it from a client); the SDK
//! constants and `transport.sessionId` come from the rule's `[[match]]` list. Server-side uses
//! are legacy handlers: `--target dual` keeps them as notes.

use crate::engine::FileCx;
use crate::patterns;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{flags, Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &SessionIdHeader;

struct SessionIdHeader;

const HEADER: &str = "mcp-session-id";

impl Rule for SessionIdHeader {
    fn kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        let mut kinds = patterns::kinds(&meta.patterns);
        kinds.extend([Kind::Str, Kind::Pair]);
        kinds
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        let literal = match node.kind() {
            Kind::Str => node.text(),
            Kind::Pair if node.has_flag(flags::STRING_KEY) => node.text(),
            _ => "",
        };
        if literal.eq_ignore_ascii_case(HEADER) {
            let (message, server) = describe(node);
            cx.report(node, message).legacy_handler(server);
            return;
        }
        patterns::check(node, cx);
    }
}

/// What the code does with the header, and whether that is the server side.
fn describe(node: NodeRef<'_>) -> (String, bool) {
    let read = ("reads the removed `Mcp-Session-Id` request header".to_string(), true);
    let set = ("sets the removed `Mcp-Session-Id` header on a response".to_string(), true);
    let send = ("sends the removed `Mcp-Session-Id` header".to_string(), false);
    let capture = ("captures the removed `Mcp-Session-Id` header from a response".to_string(), false);
    let Some(parent) = node.parent() else {
        return ("names the removed `Mcp-Session-Id` header".to_string(), false);
    };
    match (node.kind(), node.role(), parent.kind()) {
        // `req.headers['mcp-session-id']`
        (Kind::Str, Role::Index, Kind::Index) => {
            let object = parent.object().map(|o| o.path_segments().join(".")).unwrap_or_default();
            if names_response(&object) {
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
                    if names_response(&receiver) {
                        capture
                    } else {
                        read
                    }
                }
                "header" if !two_args => read,
                "setHeader" | "set" | "append" | "insert" | "header" | "set_header" | "writeHead" => {
                    if names_request(&receiver) {
                        send
                    } else {
                        set
                    }
                }
                _ => ("names the removed `Mcp-Session-Id` header".to_string(), false),
            }
        }
        // `exposedHeaders: ['Mcp-Session-Id']`
        (Kind::Str, Role::Elem, Kind::Array) if parent.parent().is_some_and(|p| is_cors_key(p.text())) => {
            ("exposes the removed `Mcp-Session-Id` header through CORS".to_string(), true)
        }
        (Kind::Str, Role::Value, Kind::Pair) if is_cors_key(parent.text()) => {
            ("exposes the removed `Mcp-Session-Id` header through CORS".to_string(), true)
        }
        // `headers: { 'mcp-session-id': sid }`
        (Kind::Pair, _, Kind::Object) => {
            let outer = parent.parent();
            if outer.is_some_and(|p| p.text().eq_ignore_ascii_case("headers")) {
                // Request options send it, except those of `new Response(body, { headers })`.
                let call = outer.and_then(|p| p.parent()).and_then(|o| o.parent()).filter(|c| c.kind() == Kind::Call);
                if call.is_some_and(|c| c.call_name().is_some_and(|n| n.ends_with("Response"))) {
                    set
                } else {
                    send
                }
            } else if let Some(call) = outer.filter(|c| {
                c.kind() == Kind::Call && parent.role() == Role::Arg && c.call_name() != Some("Headers")
            }) {
                // The headers object handed to a call: a response writer (`res.writeHead(200, {…})`,
                // `res.set({…})`) sets it; any other call (`post(url, body, {…})`) sends it. A bare
                // `new Headers({…})` says neither, and keeps the default.
                let name = call.call_name().unwrap_or_default();
                let receiver = call.receiver().map(|r| r.path_segments().join(".")).unwrap_or_default();
                let writes = matches!(name, "writeHead" | "set" | "setHeader" | "setHeaders" | "header" | "headers")
                    && !names_request(&receiver);
                if writes || names_response(&receiver) {
                    set
                } else {
                    send
                }
            } else {
                set
            }
        }
        _ => ("names the removed `Mcp-Session-Id` header".to_string(), false),
    }
}

fn is_cors_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase().replace(['-', '_'], "");
    k.contains("exposeheaders") || k.contains("exposedheaders") || k.contains("allowheaders") || k.contains("allowedheaders")
}

fn names_response(path: &str) -> bool {
    let p = path.to_ascii_lowercase();
    p.split('.').any(|s| matches!(s, "res" | "resp" | "response" | "reply") || s.ends_with("response"))
}

fn names_request(path: &str) -> bool {
    let p = path.to_ascii_lowercase();
    p.split('.').any(|s| matches!(s, "req" | "request" | "client" | "builder" | "init" | "options") || s.ends_with("request"))
        && !names_response(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::ts;

    fn message_for(src: &str) -> String {
        let tree = ts(src);
        let Some(pair) = tree.nodes().find(|n| n.kind() == Kind::Pair && n.text().eq_ignore_ascii_case(HEADER)) else {
            panic!("no header pair in {src}");
        };
        describe(pair).0
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
