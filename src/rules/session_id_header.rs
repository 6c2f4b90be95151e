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
            let outer = parent.parent().map(|p| p.text()).unwrap_or_default();
            if outer.eq_ignore_ascii_case("headers") {
                send
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
