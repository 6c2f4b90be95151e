//! MCP307 `elicitation-complete`: the retired URL-elicitation error `-32042`, `elicitationId` and the completion notification.
//!
//! The spellings are `[[match]]` entries of the rule's document. Two readings are code: a key
//! or member named `elicitationId` that is a tool's own argument (its input schema, the
//! `arguments` of a call to it, what its handler reads from them) or a key of an object that
//! has keys the protocol's elicitation structures do not is not the removed field, and
//! a finding in client code gets the client's hint, not the server's, and is a legacy handler
//! (a client receives the error and the notification only from 2025 servers).

use crate::engine::FileCx;
use crate::patterns::{self, name_words};
use crate::rules::Rule;
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &ElicitationComplete;

struct ElicitationComplete;

/// What a client does instead, for findings in client code.
const CLIENT_HINT: &str = "Clients: a 2026-07-28 server sends neither `-32042` nor a completion notification; it \
     returns the URL as an input request of an `InputRequiredResult`, and the client retries the original request once \
     the user is done (the v2 `Client` and rmcp do this themselves). Drop the `-32042` handling, the completion handler \
     and the `elicitationId` bookkeeping.";

/// Calls that register a tool, whose schema and handler arguments are the tool's own.
const TOOL_REGISTRATIONS: &[&str] = &["registerTool", "tool", "addTool", "add_tool"];

/// Keys whose value holds a tool's arguments or their schema.
const ARGUMENT_KEYS: &[&str] = &["arguments", "inputSchema", "input_schema", "parameters", "argsSchema"];

impl Rule for ElicitationComplete {
    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        let before = cx.reported();
        patterns::check_unless(node, cx, |n| tool_argument(n) || another_structure(n));
        // A client that still meets 2025 servers must accept what they send: under `--target
        // dual` that is legacy support, like a handler of a removed request.
        if cx.reported() > before {
            let client = on_the_client(node);
            let kept = client || recognises_the_legacy_error(node) || in_a_completion_notification(node);
            if let Some(d) = cx.last_report() {
                if client {
                    d.with_hint(CLIENT_HINT);
                }
                if kept {
                    d.legacy_handler(true);
                }
            }
        }
    }
}

/// Whether a key or member named `elicitationId` is a tool's own argument: a key of a tool's
/// input schema (inline, or a schema constant the file uses as one) or of the `arguments` a
/// call passes, a key destructured from a tool handler's arguments, or a member read on them.
fn tool_argument(node: NodeRef<'_>) -> bool {
    match node.kind() {
        Kind::Pair => {
            let Some(object) = node.parent().filter(|o| o.kind() == Kind::Object) else { return false };
            if object.role() == Role::Pattern {
                // `const { elicitationId: id } = args`, `async ({ elicitationId: id }) => …`.
                return object.parent().is_some_and(|holder| match holder.kind() {
                    Kind::Var => holder.child(Role::Init).is_some_and(handler_arguments),
                    Kind::Param => tool_handler_param(holder),
                    _ => false,
                });
            }
            holds_tool_arguments(object)
        }
        Kind::Member => node.object().is_some_and(handler_arguments),
        _ => false,
    }
}

/// The keys of the structures that carry `elicitationId`: the URL-mode elicitation params (also
/// the entries of the `-32042` error's data) and the completion notification's params.
const ELICITATION_KEYS: &[&str] = &["mode", "message", "url", "elicitationId", "elicitation_id", "_meta", "meta"];

/// Whether a key `elicitationId` sits in an object with a key none of those structures has: it
/// is another structure that shares the name, such as a tool's own arguments handed to its
/// handler (`handler({ url, message, elicitationId, errorPath: false })`).
fn another_structure(node: NodeRef<'_>) -> bool {
    node.kind() == Kind::Pair
        && matches!(node.text(), "elicitationId" | "elicitation_id")
        && node
            .parent()
            .filter(|o| o.kind() == Kind::Object && o.role() != Role::Pattern)
            .is_some_and(|o| o.children().any(|c| c.kind() == Kind::Pair && !ELICITATION_KEYS.contains(&c.text())))
}

/// Whether an object literal lies in a tool's schema or arguments: under an `inputSchema` or
/// `arguments` key, in a tool registration, or bound to a constant the file passes as an
/// `inputSchema`.
fn holds_tool_arguments(object: NodeRef<'_>) -> bool {
    let mut cur = object;
    for _ in 0..6 {
        let Some(p) = cur.parent() else { return false };
        match p.kind() {
            Kind::Pair if ARGUMENT_KEYS.contains(&p.text()) => return true,
            Kind::Call if p.call_name().is_some_and(|n| TOOL_REGISTRATIONS.contains(&n)) => return true,
            Kind::Var if cur.role() == Role::Init => return used_as_input_schema(p),
            Kind::Pair | Kind::Call | Kind::Object | Kind::Member | Kind::Array => {}
            _ => return false,
        }
        cur = p;
    }
    false
}

/// Whether the file passes a constant as a tool's schema: `inputSchema: TriggerSchema`,
/// `inputSchema: TriggerSchema.shape`.
fn used_as_input_schema(var: NodeRef<'_>) -> bool {
    let name = var.text();
    !name.is_empty()
        && var.tree().nodes().any(|n| {
            n.kind() == Kind::Pair
                && ARGUMENT_KEYS.contains(&n.text())
                && n.value().and_then(|v| v.chain_root()).is_some_and(|r| r.text() == name)
        })
}

/// Whether an expression is a tool handler's arguments: the name of the first parameter of a
/// function passed to a tool registration (`async (args, extra) => …`), or a name a Rust
/// `#[tool]` function binds in its parameters (`Parameters(args): Parameters<LinkArgs>`).
fn handler_arguments(expr: NodeRef<'_>) -> bool {
    if expr.kind() != Kind::Ident {
        return false;
    }
    let name = expr.text();
    expr.ancestors().filter(|a| a.kind() == Kind::Fn).any(|f| {
        f.children_with(Role::Param).next().is_some_and(|p| p.text() == name && tool_handler_param(p))
            || (f.children_with(Role::Attr).any(|a| a.text() == "tool")
                && f.children_with(Role::Param).any(|p| {
                    p.text() == name || p.descendants().any(|d| d.kind() == Kind::Ident && d.text() == name && d.role() != Role::Type)
                }))
    })
}

/// Whether a parameter is the first one of a tool handler.
fn tool_handler_param(param: NodeRef<'_>) -> bool {
    let Some(f) = param.parent().filter(|f| f.kind() == Kind::Fn) else { return false };
    f.children_with(Role::Param).next() == Some(param)
        && f.role() == Role::Arg
        && f.parent().is_some_and(|c| c.call_name().is_some_and(|n| TOOL_REGISTRATIONS.contains(&n)))
}

/// The names of the retired URL-elicitation error's code and class.
const ERROR_NAMES: &[&str] = &["UrlElicitationRequired", "URL_ELICITATION_REQUIRED", "UrlElicitationRequiredError", "URLElicitationRequiredError"];

/// Whether code recognises `-32042` rather than raising it, which a dual-era project keeps so
/// that it understands 2025 peers: a comparison with the code (`e.code ===
/// ProtocolErrorCode.UrlElicitationRequired`, `case -32042:`), the branch such a comparison
/// guards, the constant or enum member that names the code, the class that models the error.
fn recognises_the_legacy_error(node: NodeRef<'_>) -> bool {
    let is_code = |n: NodeRef<'_>| n.int() == Some(-32042) || (matches!(n.kind(), Kind::Ident | Kind::Member) && ERROR_NAMES.contains(&n.text()));
    let compared = |b: NodeRef<'_>| b.kind() == Kind::Binary && matches!(b.text(), "===" | "==" | "!==" | "!=" | "instanceof") && b.children().any(is_code);
    if node.parent().is_some_and(compared) || node.role() == Role::Pattern {
        return true;
    }
    // A constant or enum member initialised to the code: `UrlElicitationRequired = -32_042`.
    if node.int().is_some() && node.role() == Role::Init {
        return true;
    }
    let mut child = node;
    for anc in node.ancestors() {
        match anc.kind() {
            Kind::If if child.role() == Role::Then && anc.child(Role::Cond).is_some_and(|c| {
                std::iter::once(c).chain(c.descendants()).any(compared)
            }) => return true,
            Kind::Container if ERROR_NAMES.contains(&anc.text()) => return true,
            _ => {}
        }
        child = anc;
    }
    false
}

/// Whether a key sits in the completion notification itself (`{ method:
/// 'notifications/elicitation/complete', params: { elicitationId } }`): it follows that
/// message, which is a legacy handler's.
fn in_a_completion_notification(node: NodeRef<'_>) -> bool {
    node.ancestors().take(4).filter(|a| a.kind() == Kind::Object).any(|o| {
        o.field("method").is_some_and(|m| m.kind() == Kind::Str && m.text() == "notifications/elicitation/complete")
    })
}

/// Whether a finding sits in client code: a handler registered on a client
/// (`client.setNotificationHandler(…)`), an `instanceof` test on a caught error, a Rust
/// `ClientHandler` implementation, or a file that imports a client SDK and no server SDK.
fn on_the_client(node: NodeRef<'_>) -> bool {
    let on_a_client = |a: NodeRef<'_>| {
        a.kind() == Kind::Call
            && a.receiver().is_some_and(|r| r.path_segments().iter().any(|s| name_words(s).iter().any(|w| w == "client")))
    };
    if node.ancestors().any(on_a_client) {
        return true;
    }
    if node.parent().is_some_and(|p| p.kind() == Kind::Binary && p.text() == "instanceof") {
        return true;
    }
    if node.ancestors().any(|a| a.kind() == Kind::Container && patterns::implements_any(a, &["ClientHandler".to_string()])) {
        return true;
    }
    let imports: Vec<&str> =
        node.tree().root().children().filter(|i| i.kind() == Kind::Import).map(|i| i.text()).collect();
    let any = |marks: &[&str]| imports.iter().any(|i| marks.iter().any(|m| i.contains(m)));
    any(&["@modelcontextprotocol/client", "@modelcontextprotocol/sdk/client", "RoleClient", "ClientHandler"])
        && !any(&["@modelcontextprotocol/server", "@modelcontextprotocol/sdk/server", "RoleServer", "ServerHandler"])
}
