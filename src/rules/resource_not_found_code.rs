//! MCP401 `resource-not-found-code`: code that emits or branches on error −32002.
//!
//! Numbers are compared by value, so every spelling (`-32002`, `-32_002`, `-0x7D02`) is one
//! `Num`. A literal is reported wherever it appears; a constant defined as −32002 is reported
//! once at its definition and again only where code branches on it; the SDK constants
//! (`ErrorCode::RESOURCE_NOT_FOUND`, `ProtocolErrorCode.ResourceNotFound`) are reported at every
//! use because their definition is not in the project. A decision that also accepts −32602
//! (the dual-era form the revision recommends) is not reported. Outside MCP code the literal
//! counts only as a constant named for a missing resource.

use std::collections::HashSet;

use crate::engine::FileCx;
use crate::fix::{Edit, Fix};
use crate::patterns;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{flags, Kind, Lang, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &ResourceNotFoundCode;

struct ResourceNotFoundCode;

const CODE: i64 = -32002;

/// The rule's name lists, read from its document.
struct Lists<'m> {
    /// Names of −32002 in SDKs (`RESOURCE_NOT_FOUND`, `ResourceNotFound`).
    sdk_names: &'m [&'m str],
    /// Suffixes of the enum or type that qualifies an SDK name (`ErrorCode`).
    sdk_qualifiers: &'m [&'m str],
    /// Constructors of a −32002 error (`resource_not_found`).
    sdk_calls: &'m [&'m str],
    /// The types whose constructors those are (`ErrorData`, and the names code gives it).
    sdk_call_types: &'m [&'m str],
    /// Names of −32602, whose presence makes a decision dual-era.
    invalid_params_names: &'m [&'m str],
    invalid_params_code: i64,
    /// Test assertions whose expected value is the code.
    assertion_calls: &'m [&'m str],
}


impl<'m> Lists<'m> {
    fn of(meta: &'static RuleMeta) -> Self {
        Lists {
            sdk_names: meta.data_strings("sdk_names"),
            sdk_qualifiers: meta.data_strings("sdk_qualifiers"),
            sdk_calls: meta.data_strings("sdk_calls"),
            sdk_call_types: meta.data_strings("sdk_call_types"),
            invalid_params_names: meta.data_strings("invalid_params_names"),
            invalid_params_code: meta.data.get("invalid_params_code").and_then(|v| v.as_integer()).unwrap_or(-32602),
            assertion_calls: meta.data_strings("assertion_calls"),
        }
    }
}

impl Rule for ResourceNotFoundCode {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        Vec::new()
    }

    fn check_file(&self, cx: &mut FileCx<'_>) {
        let lists = Lists::of(cx.meta());
        let tree = cx.tree;
        // Outside MCP code −32002 is some other server error (LSP's `ServerNotInitialized`):
        // there only a constant named for a missing resource is this code.
        let mcp = cx.mcp();
        let counts = |num: NodeRef<'_>| mcp || defined_name(num).is_some_and(names_resource_not_found);
        // Constants this file defines as −32002: their uses are judged like the literal's
        // branches, their emission is already covered by the definition.
        let mut own: HashSet<&str> = HashSet::new();
        for node in tree.nodes() {
            if node.int() == Some(CODE) && counts(node) {
                if let Some(name) = defined_name(node) {
                    own.insert(name);
                }
            }
        }
        // Those the file branches on keep their value: a client would stop recognising legacy
        // servers (the comparison gets its own fix instead).
        let branched: HashSet<&str> = tree
            .nodes()
            .filter(|n| matches!(n.kind(), Kind::Ident | Kind::Member) && own.contains(n.text()))
            .filter(|n| !n.object().is_some_and(|o| lists.sdk_qualifiers.iter().any(|q| o.text().ends_with(q))))
            .filter(|n| branch_kind(*n, &lists).is_some())
            .map(|n| n.text())
            .collect();
        for node in tree.nodes() {
            match node.kind() {
                Kind::Num if node.int() == Some(CODE) && counts(node) => literal(node, &lists, &branched, cx),
                Kind::Ident | Kind::Member => name_use(node, &lists, &own, cx),
                Kind::Call => sdk_call(node, &lists, cx),
                _ => {}
            }
        }
    }
}

/// The node a literal's value is given to: the literal itself, or the newtype constructor
/// around it (`pub const RESOURCE_NOT_FOUND: Self = Self(-32002)`).
fn valued(num: NodeRef<'_>) -> NodeRef<'_> {
    match num.parent() {
        Some(call)
            if num.role() == Role::Arg
                && call.kind() == Kind::Call
                && call.args().count() == 1
                && call.role() == Role::Init
                && call.callee().is_some_and(|c| c.is_ident("Self")) =>
        {
            call
        }
        _ => num,
    }
}

/// The name a literal defines: `const NAME = -32002`, an enum member, a key of a code table.
fn defined_name(num: NodeRef<'_>) -> Option<&str> {
    let num = valued(num);
    let parent = num.parent()?;
    match (num.role(), parent.kind()) {
        (Role::Init, Kind::Var | Kind::Field) if !parent.text().is_empty() => Some(parent.text()),
        (Role::Value, Kind::Pair) if !is_code_key(parent.text()) && !parent.text().is_empty() => Some(parent.text()),
        _ => None,
    }
}

/// `RESOURCE_NOT_FOUND`, `ResourceNotFoundError`, `resource_not_found_code`.
fn names_resource_not_found(name: &str) -> bool {
    name.to_ascii_lowercase().replace('_', "").contains("resourcenotfound")
}

/// `code: -32002` sets the code of an error object rather than naming a constant.
fn is_code_key(key: &str) -> bool {
    matches!(key.to_ascii_lowercase().as_str(), "code" | "error_code" | "errorcode" | "status")
}

fn literal(num: NodeRef<'_>, lists: &Lists<'_>, branched: &HashSet<&str>, cx: &mut FileCx<'_>) {
    if assertion(num, lists) == Some(false) || in_error_data(num) {
        return;
    }
    if let Some(kind) = branch_kind(num, lists) {
        if !dual_branch(num, kind, lists) {
            let fix = accept_both(num, kind, false, cx);
            let d = cx.report(num, format!("{}; 2026-07-28 servers send -32602 for a missing resource", kind.message("-32002")));
            if let Some(fix) = fix {
                d.with_fix(fix);
            }
        }
        return;
    }
    if in_dual_choice(num, lists) {
        return;
    }
    let literal_node = num;
    let num = valued(num);
    let parent = num.parent();
    match (num.role(), parent.map(|p| p.kind())) {
        (Role::Init, Some(Kind::Var | Kind::Field)) if parent.is_some_and(|p| !p.text().is_empty()) => {
            if let Some(decl) = parent {
                let (message, missing) = definition_message(decl.text());
                let fix = (missing && !branched.contains(decl.text())).then(|| to_invalid_params(literal_node, cx));
                let d = cx.report(decl, message);
                if let Some(fix) = fix {
                    d.with_fix(fix);
                }
            }
        }
        (Role::Value, Some(Kind::Pair)) if parent.is_some_and(|p| !is_code_key(p.text())) => {
            let key = parent.map(|p| p.text()).unwrap_or_default();
            let (message, missing) = definition_message(key);
            let fix = (missing && !branched.contains(key)).then(|| to_invalid_params(literal_node, cx));
            let d = cx.report(num, message);
            if let Some(fix) = fix {
                d.with_fix(fix);
            }
        }
        _ => {
            let (message, missing) = emits_message(num);
            let fix = (missing && message_says_missing(num) != Some(false)).then(|| to_invalid_params(literal_node, cx));
            let d = cx.report(num, message);
            if let Some(fix) = fix {
                d.with_fix(fix);
            }
        }
    }
}

/// What the error's own message says, where the code can tell: `Some(true)` about a missing
/// resource, `Some(false)` about something else. The message is the first string after the
/// code among its siblings (`jsonRpcError(id, -32002, 'msg')`, `(-32002, format!("…"))`) or the
/// object's `message`; a `format!` counts by its format string.
fn message_says_missing(num: NodeRef<'_>) -> Option<bool> {
    fn text_of(n: NodeRef<'_>) -> Option<&str> {
        n.str_value().or_else(|| {
            (n.kind() == Kind::Macro && matches!(n.text(), "format" | "format_args"))
                .then(|| n.children().find_map(|c| c.str_value()))
                .flatten()
        })
    }
    let parent = num.parent()?;
    let text = if parent.kind() == Kind::Pair {
        parent.parent().and_then(|o| o.field("message")).and_then(text_of)
    } else {
        parent.children().skip_while(|a| a.id() != num.id()).skip(1).find_map(text_of)
    }?;
    Some(about_a_missing_resource(text))
}

/// The fix of an emitted or defined −32002 (in any spelling): −32602, keeping a Rust literal's
/// type suffix (`-32002_i32` → `-32602_i32`).
fn to_invalid_params(num: NodeRef<'_>, cx: &FileCx<'_>) -> Fix {
    let text = cx.source.slice(num.start(), num.end());
    let suffix = if cx.tree.lang() == Lang::Rust {
        const TYPES: [&str; 10] = ["i128", "isize", "i64", "i32", "i16", "u128", "usize", "u64", "u32", "u16"];
        TYPES.iter().find(|t| text.ends_with(*t)).map_or("", |t| {
            let at = text.len() - t.len();
            if text.get(..at).is_some_and(|s| s.ends_with('_')) {
                text.get(at - 1..).unwrap_or("")
            } else {
                text.get(at..).unwrap_or("")
            }
        })
    } else {
        ""
    };
    Fix::safe("Replace -32002 with -32602", vec![Edit::replace(num.span(), format!("-32602{suffix}"))])
}

/// The fix of a decision on −32002 alone: accept −32602 as well. A comparison is repeated with
/// −32602 when its other operand is a plain name or member access, which reads the same twice;
/// a `case` / arm pattern or a list of codes gets −32602 beside −32002. A test's expectation has
/// no fix: what it expects follows the code under test.
///
/// A constant of the project's own is written out as -32002 (`code === NOT_FOUND` becomes
/// `(code === -32002 || code === -32602)`): the decision then no longer depends on the
/// constant, whose definition its own fix may move to −32602.
///
/// In Rust a constant has a type (an `ErrorCode` newtype is no integer): there an SDK constant
/// is paired with the SDK's own name of -32602 (`ErrorCode::INVALID_PARAMS`), and a decision
/// through a constant of the project's own has no fix.
fn accept_both(value: NodeRef<'_>, kind: Branch, own: bool, cx: &FileCx<'_>) -> Option<Fix> {
    let parent = value.parent()?;
    let end = value.end();
    let rust = cx.tree.lang() == Lang::Rust;
    let text = cx.source.slice(value.start(), end);
    let (first, second) = match value.kind() {
        Kind::Num => (text.to_string(), "-32602".to_string()),
        _ if own && rust => return None,
        _ if own => ("-32002".to_string(), "-32602".to_string()),
        _ if rust => {
            let name = value.text();
            let stem = text.strip_suffix(name)?;
            (text.to_string(), format!("{stem}{}", sdk_invalid_params(name)))
        }
        _ => (text.to_string(), "-32602".to_string()),
    };
    let edits = match kind {
        Branch::Compare => {
            let operand = parent.children().find(|c| c.id() != value.id() && matches!(c.role(), Role::Left | Role::Right))?;
            let plain = matches!(operand.kind(), Kind::Ident | Kind::Member)
                && !operand.descendants().any(|d| matches!(d.kind(), Kind::Call | Kind::Other))
                && !cx.source.slice(operand.start(), operand.end()).contains(['(', '+', '-', '='].as_slice());
            if !plain {
                return None;
            }
            let op = parent.text();
            let python = cx.tree.lang() == Lang::Python;
            let joiner = match (op.starts_with('!'), python) {
                (true, false) => " && ",
                (false, false) => " || ",
                (true, true) => " and ",
                (false, true) => " or ",
            };
            let (start, stop) = parent.span();
            let original = cx.source.slice(start, stop);
            // The comparison again, with −32602 in the place of −32002.
            let rel = (value.start().checked_sub(start)?, end.checked_sub(start)?);
            let (before, after) = (original.get(..rel.0)?, original.get(rel.1..)?);
            let (once, again) = (format!("{before}{first}{after}"), format!("{before}{second}{after}"));
            // A condition of its own needs no parentheses; anywhere else `||` would bind looser
            // than what surrounds it.
            let bare = parent.role() == Role::Cond;
            let text = if bare { format!("{once}{joiner}{again}") } else { format!("({once}{joiner}{again})") };
            vec![Edit::replace((start, stop), text)]
        }
        // A `switch` / `match` that handles -32602 in another arm already: a second -32602
        // would never be reached.
        Branch::Case
            if value
                .ancestors()
                .find(|a| matches!(a.kind(), Kind::Switch))
                .is_some_and(|m| m.descendants().any(|n| n.kind() == Kind::Num && n.int() == Some(-32602))) =>
        {
            return None;
        }
        Branch::Case if cx.tree.lang() == Lang::TypeScript && parent.kind() == Kind::Case => {
            vec![Edit::replace(value.span(), format!("{first}: case {second}"))]
        }
        Branch::Case => vec![Edit::replace(value.span(), format!("{first} | {second}"))],
        Branch::OneOf => vec![Edit::replace(value.span(), format!("{first}, {second}"))],
        Branch::Expect => return None,
    };
    Some(Fix::safe("Accept -32602 as well as -32002", edits))
}

/// `code: -32002` in the data of another error (`ErrorData::internal_error(msg, Some(json!({
/// "code": -32002 })))`, `{ code: -32603, data: { code: -32002 } }`, `new ProtocolError(code, msg,
/// { code: -32002 })`): the application's own code, while receivers read the error's.
fn in_error_data(num: NodeRef<'_>) -> bool {
    let Some(object) = num
        .parent()
        .filter(|p| p.kind() == Kind::Pair && is_code_key(p.text()))
        .and_then(|p| p.parent())
        .filter(|o| o.kind() == Kind::Object)
    else {
        return false;
    };
    // Through `json!(…)` and `Some(…)`.
    let mut value = object;
    while let Some(p) = value.parent().filter(|p| {
        p.kind() == Kind::Macro || (p.kind() == Kind::Call && p.callee().is_some_and(|c| c.is_ident("Some")))
    }) {
        value = p;
    }
    let Some(holder) = value.parent() else { return false };
    match holder.kind() {
        Kind::Pair => holder.text() == "data",
        Kind::Call if value.role() == Role::Arg => {
            let says_error = |name: &str| patterns::name_words(name).iter().any(|w| w == "error");
            holder.args().next().is_some_and(|first| first.id() != value.id())
                && (holder.call_name().is_some_and(says_error)
                    || holder.receiver().is_some_and(|r| says_error(r.text()))
                    || holder.callee().is_some_and(|c| c.kind() == Kind::Ident && says_error(c.text())))
        }
        _ => false,
    }
}

/// Whether a file imports from a crate (`use pmcp::…`), at any level (`mod tests { use … }`);
/// asked only for a matching call.
fn imports_crate(root: NodeRef<'_>, name: &str) -> bool {
    root.descendants().any(|n| {
        n.kind() == Kind::Import && n.text().strip_prefix(name).is_some_and(|rest| rest.is_empty() || rest.starts_with("::"))
    })
}

/// The message for an emitted −32002: an error whose own message is about something else
/// (`{ code: -32002, message: 'User ID required' }`) needs a code of its own, not −32602.
fn emits_message(num: NodeRef<'_>) -> (String, bool) {
    let parent = num.parent();
    let own = match parent {
        // `{ code: -32002, message: '…' }`
        Some(pair) if pair.kind() == Kind::Pair => pair.parent().and_then(|o| o.field("message")).and_then(|m| m.str_value()),
        // `jsonRpcError(405, -32002, 'Method not allowed.')`: the string after the code.
        Some(call) if call.kind() == Kind::Call && num.role() == Role::Arg => {
            call.args().skip_while(|a| a.id() != num.id()).find_map(|a| a.str_value())
        }
        _ => None,
    };
    match own {
        Some(text) if !about_a_missing_resource(text) => (
            format!(
                "emits error -32002 for `{}`: receivers read -32002 as \"resource not found\" whatever the message; give this error a code outside -32000…-32019",
                crate::engine::shortened(text, 60)
            ),
            false,
        ),
        _ => ("emits error -32002 (resource not found); 2026-07-28 servers send -32602 with `data.uri`".to_string(), true),
    }
}

/// The message for a name defined as −32002: a name that says something else
/// (`INSUFFICIENT_SCOPE: -32002`) needs a code of its own, not −32602; a name that says
/// nothing (`ERROR_CODE`) is taken for the missing resource.
/// Whether the name is about a missing resource comes second.
fn definition_message(name: &str) -> (String, bool) {
    let words = crate::patterns::name_words(name);
    let says_nothing = words.iter().all(|w| GENERIC_NAME_WORDS.contains(&w.as_str()));
    if says_nothing || about_a_missing_resource(&words.join(" ")) {
        (format!("defines `{name}` as error -32002 (resource not found), which 2026-07-28 replaces with -32602"), true)
    } else {
        (
            format!(
                "defines `{name}` as error -32002, which receivers read as \"resource not found\" whatever its name; give it a code outside -32000…-32019"
            ),
            false,
        )
    }
}

/// Words of a constant's name that say nothing of what the error is.
const GENERIC_NAME_WORDS: &[&str] = &["error", "err", "code", "codes", "mcp", "jsonrpc", "rpc", "status", "value"];

fn about_a_missing_resource(message: &str) -> bool {
    let m = message.to_ascii_lowercase();
    ["not found", "resource", "missing", "unknown", "no such", "does not exist", "not exist"].iter().any(|w| m.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::{rs, ts};

    fn message_of(tree: &crate::tree::Tree) -> String {
        let Some(num) = tree.nodes().find(|n| n.int() == Some(-32002)) else { panic!("no -32002") };
        emits_message(num).0
    }

    #[test]
    fn an_error_about_something_else_needs_its_own_code() {
        let auth = ts("res.status(401).json({ jsonrpc: '2.0', error: { code: -32002, message: 'User ID required' }, id: null });");
        assert!(message_of(&auth).contains("`User ID required`"), "{}", message_of(&auth));
        let missing = ts("reply({ error: { code: -32002, message: `Resource not found: ${uri}` } });");
        assert!(message_of(&missing).contains("-32602 with `data.uri`"), "{}", message_of(&missing));
        let bare = rs("fn f() -> Value { json!({\"error\": {\"code\": -32002}}) }");
        assert!(message_of(&bare).contains("-32602 with `data.uri`"), "{}", message_of(&bare));
        let forbidden = rs("fn f() -> Value { json!({\"error\": {\"code\": -32002, \"message\": \"Forbidden\"}}) }");
        assert!(message_of(&forbidden).contains("`Forbidden`"), "{}", message_of(&forbidden));
        let positional = ts("return jsonRpcError(405, -32002, 'Method not allowed.');");
        assert!(message_of(&positional).contains("`Method not allowed.`"), "{}", message_of(&positional));
        let no_message = ts("return jsonRpcError(-32002, uri);");
        assert!(message_of(&no_message).contains("-32602 with `data.uri`"), "{}", message_of(&no_message));
    }

    /// A constant named for something else is not a missing resource, whatever its code.
    #[test]
    fn a_constant_named_for_something_else_needs_its_own_code() {
        for other in ["INSUFFICIENT_SCOPE", "Unauthorized", "rate_limited"] {
            let (m, _) = definition_message(other);
            assert!(m.contains("give it a code outside"), "{other}: {m}");
        }
        for missing in ["RESOURCE_NOT_FOUND", "NotFound", "UNKNOWN_RESOURCE", "ERROR_CODE", "code"] {
            let (m, _) = definition_message(missing);
            assert!(m.contains("replaces with -32602"), "{missing}: {m}");
        }
    }

    /// A test's equality assertion expects the code; it does not emit it.
    #[test]
    fn assertions_expect_the_code_or_anything_else() {
        let registry = crate::rules::registry().unwrap_or_else(|e| panic!("{e}"));
        let def = registry.get("MCP401").unwrap_or_else(|| panic!("no MCP401"));
        let lists = Lists::of(&def.meta);
        for (i, (tree, expects)) in [
            (rs("fn t() { assert_eq!(err.code, ErrorCode(-32002)); }"), Some(true)),
            (rs("fn t() { assert_eq!(code, -32002); }"), Some(true)),
            (rs("fn t() { assert_ne!(code, -32002); }"), Some(false)),
            (ts("expect(err.code).toBe(-32002);"), Some(true)),
            (ts("assert.strictEqual(err.code, -32002);"), Some(true)),
            (ts("expect(err.code).not.toBe(-32002);"), Some(false)),
            (ts("assert.notEqual(err.code, -32002);"), Some(false)),
            (ts("reply({ error: { code: -32002 } });"), None),
        ]
        .into_iter()
        .enumerate()
        {
            let Some(num) = tree.nodes().find(|n| n.int() == Some(-32002)) else { panic!("no -32002") };
            assert_eq!(assertion(num, &lists), expects, "case {i}");
        }
    }
}

/// A use of a named −32002: an SDK constant anywhere, a constant of this file where code
/// branches on it.
fn name_use(node: NodeRef<'_>, lists: &Lists<'_>, own: &HashSet<&str>, cx: &mut FileCx<'_>) {
    let name = node.text();
    if name.is_empty() {
        return;
    }
    // Only the outermost node of a chain stands for the value (`ErrorCode::X`, not its `ErrorCode`).
    if node.role() == Role::Object || node.role() == Role::Callee {
        return;
    }
    // `ErrorCode::RESOURCE_NOT_FOUND`: an SDK enum's member, unless the file defines that enum.
    let qualified_sdk = lists.sdk_names.contains(&name)
        && node.kind() == Kind::Member
        && node.object().is_some_and(|o| {
            let q = o.text();
            lists.sdk_qualifiers.iter().any(|s| q.ends_with(s))
                && !o.tree().nodes().any(|c| c.kind() == Kind::Container && c.text() == q)
        });
    let own_constant = !qualified_sdk && (own.contains(name) || lists.sdk_names.contains(&name));
    if assertion(node, lists) == Some(false) {
        return;
    }
    if qualified_sdk {
        let shown = node.path().unwrap_or_else(|| name.to_string());
        // One SDK name for another compiles only in the SDK's own enum, not in a framework's
        // `ErrorCode` of the same name.
        let sdk_enum = node.object().is_some_and(|o| sdk_enum(cx.tree.root(), o, cx.tree.lang()));
        if let Some(kind) = branch_kind(node, lists) {
            if !dual_branch(node, kind, lists) {
                let fix = accept_both(node, kind, false, cx).filter(|_| sdk_enum || cx.tree.lang() == Lang::TypeScript);
                let d = cx.report(node, format!("{}; 2026-07-28 servers send -32602 for a missing resource", kind.message(&format!("`{shown}` (-32002)"))));
                if let Some(fix) = fix {
                    d.with_fix(fix);
                }
            }
        } else if !in_dual_choice(node, lists) {
            let fix = renamed(node, name, sdk_invalid_params(name), cx).filter(|_| sdk_enum);
            let d = cx.report(node, format!("emits `{shown}` (-32002); 2026-07-28 servers send -32602 with `data.uri`"));
            if let Some(fix) = fix {
                d.with_fix(fix);
            }
        }
        return;
    }
    if own_constant {
        // A bare name is −32002 only by its name; where a test pins it to a value
        // (`assert_eq!(RESOURCE_NOT_FOUND, -32001)`), that value speaks for itself.
        if let Some(kind) = branch_kind(node, lists).filter(|k| *k != Branch::Expect) {
            if !dual_branch(node, kind, lists) {
                let shown = node.path().unwrap_or_else(|| name.to_string());
                let fix = accept_both(node, kind, true, cx);
                let d = cx.report(
                    node,
                    format!("{}; 2026-07-28 servers send -32602 for a missing resource", kind.message(&format!("`{shown}` (-32002)"))),
                );
                if let Some(fix) = fix {
                    d.with_fix(fix);
                }
            }
        }
    }
}

/// rmcp `ErrorData::resource_not_found(…)`: builds a −32002 error.
fn sdk_call(call: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let Some(name) = call.call_name() else { return };
    if !lists.sdk_calls.contains(&name) {
        return;
    }
    let Some(receiver) = call.receiver() else { return };
    let q = receiver.text();
    // Only rmcp's error type builds −32002 this way; a framework's own `JsonRpcError` has its
    // own constructor, which may already send −32602.
    let ty = q.rsplit("::").next().unwrap_or(q);
    let path = receiver.path().unwrap_or_else(|| q.to_string());
    if !lists.sdk_call_types.contains(&ty) || !is_rmcp_type(cx.tree.root(), &path, ty) {
        return;
    }
    // pmcp's `Error::resource_not_found` is its own not-found error, sent as −32603, not −32002.
    if q == "Error" && imports_crate(cx.tree.root(), "pmcp") {
        return;
    }
    if in_dual_choice(call, lists) {
        return;
    }
    // `invalid_params` takes the same arguments (message, data) and builds −32602.
    let fix = call.callee().and_then(|callee| renamed(callee, name, "invalid_params", cx));
    let d = cx.report(call, format!("`{q}::{name}` emits error -32002; 2026-07-28 servers send -32602 with `data.uri`"));
    if let Some(fix) = fix {
        d.with_fix(fix);
    }
}

/// Whether the enum that qualifies an SDK name (`ErrorCode`, `ProtocolErrorCode`) is the SDK's:
/// in Rust rmcp's (see [`is_rmcp_type`]), in TypeScript imported from an
/// `@modelcontextprotocol/` package.
fn sdk_enum(root: NodeRef<'_>, qualifier: NodeRef<'_>, lang: Lang) -> bool {
    let q = qualifier.text();
    match lang {
        Lang::Rust => {
            let path = qualifier.path().unwrap_or_else(|| q.to_string());
            let ty = path.rsplit("::").next().unwrap_or(q).to_string();
            is_rmcp_type(root, &path, &ty)
        }
        Lang::TypeScript => root.descendants().any(|n| {
            n.kind() == Kind::Import
                && n.text().starts_with("@modelcontextprotocol/")
                && n.import_bindings().iter().any(|(_, local)| *local == q)
        }),
        Lang::Python => false,
    }
}

/// The SDK's name of −32602 in the spelling of its name of −32002.
fn sdk_invalid_params(name: &str) -> &'static str {
    if name.contains('_') || name.chars().all(|c| !c.is_lowercase()) {
        "INVALID_PARAMS"
    } else {
        "InvalidParams"
    }
}

/// A fix that renames the last segment of a path or member (`ErrorCode::RESOURCE_NOT_FOUND`,
/// `ErrorData::resource_not_found`), when the node's text ends with that name.
fn renamed(node: NodeRef<'_>, name: &str, to: &str, cx: &FileCx<'_>) -> Option<Fix> {
    let end = node.end();
    let start = end.checked_sub(name.len())?;
    (cx.source.slice(start, end) == name && start >= node.start())
        .then(|| Fix::safe(format!("Replace `{name}` with `{to}` (-32602)"), vec![Edit::replace((start, end), to)]))
}

/// Whether `qualified` (`ErrorData`, `rmcp::ErrorData`, `model::ErrorData`), a type named `ty`,
/// may be rmcp's. It is not when the file declares a type of that name (turbomcp's own
/// `enum McpError`), imports it from elsewhere (`use turbomcp_core::McpError`), or names it
/// through a path that is not rmcp's (`::turbomcp::McpError`, `crate::error::McpError`). A name
/// nothing in the file accounts for (a glob import) may be rmcp's.
fn is_rmcp_type(root: NodeRef<'_>, qualified: &str, ty: &str) -> bool {
    let from_rmcp = |path: &str| path == "rmcp" || path.starts_with("rmcp::");
    let imported = |name: &str| {
        root.descendants()
            .filter(|n| n.kind() == Kind::Import)
            .find(|n| n.text().rsplit("::").next() == Some(name))
            .map(|n| from_rmcp(n.text()))
    };
    let path = qualified.trim_start_matches("::");
    if patterns::is_own_module(path) {
        return false;
    }
    match path.split_once("::") {
        // `model::ErrorData` after `use rmcp::model;`, else a crate's path.
        Some((first, _)) => imported(first).unwrap_or(first == "rmcp"),
        None => {
            let declared =
                root.descendants().any(|n| n.kind() == Kind::Container && !n.has_flag(flags::IMPL) && n.text() == ty);
            !declared && imported(ty).unwrap_or(true)
        }
    }
}

/// How code branches on a value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Branch {
    Compare,
    Case,
    OneOf,
    /// A test's equality assertion.
    Expect,
}

impl Branch {
    fn message(self, what: &str) -> String {
        match self {
            Branch::Compare => format!("compares an error code with {what} only"),
            Branch::Case => format!("matches error {what} only"),
            Branch::OneOf => format!("tests an error code against {what}"),
            Branch::Expect => format!("expects error {what}"),
        }
    }
}

/// Whether the value sits where code branches on it: a comparison operand, a `case` / arm
/// pattern, a member of a list tested with `includes` / `matches!`.
fn branch_kind(node: NodeRef<'_>, lists: &Lists<'_>) -> Option<Branch> {
    if assertion(node, lists) == Some(true) {
        return Some(Branch::Expect);
    }
    let parent = node.parent()?;
    match (node.role(), parent.kind()) {
        (Role::Left | Role::Right, Kind::Binary) if matches!(parent.text(), "==" | "===" | "!=" | "!==") => {
            Some(Branch::Compare)
        }
        (Role::Pattern, Kind::Case) => Some(Branch::Case),
        // `matches!(code, -32002 | -32602)`: the pattern is a `|` chain in the macro's arguments.
        (_, Kind::Binary) if parent.text() == "|" => {
            let top = parent.ancestors().take_while(|a| a.kind() == Kind::Binary).last().unwrap_or(parent);
            let in_pattern = top.role() == Role::Pattern
                || (top.role() == Role::Arg && top.parent().is_some_and(|m| m.kind() == Kind::Macro && m.text() == "matches"));
            in_pattern.then_some(Branch::Case)
        }
        (_, Kind::Other) if parent.role() == Role::Arg && parent.parent().is_some_and(|m| m.kind() == Kind::Macro && m.text() == "matches") => {
            Some(Branch::Case)
        }
        (Role::Elem, Kind::Array) => {
            let holder = parent.parent()?;
            // Python: `code in (-32002, -32602)`.
            if holder.kind() == Kind::Binary && matches!(holder.text(), "in" | "not in") && parent.role() == Role::Right {
                return Some(Branch::OneOf);
            }
            let member = Some(holder).filter(|m| m.kind() == Kind::Member && m.text() == "includes")?;
            member.parent().filter(|c| c.kind() == Kind::Call).map(|_| Branch::OneOf)
        }
        (Role::Arg, Kind::Macro) if parent.text() == "matches" => Some(Branch::Case),
        _ => None,
    }
}

/// A test's assertion on the value: `Some(true)` where it expects it
/// (`assert_eq!(err.code, ErrorCode(-32002))`, `expect(err.code).toBe(-32002)`,
/// `assert.equal(code, -32002)`), `Some(false)` where it expects anything else (`assert_ne!`,
/// `.not.toBe(…)`, `assert.notEqual`), which is what 2026-07-28 wants.
fn assertion(node: NodeRef<'_>, lists: &Lists<'_>) -> Option<bool> {
    if patterns::in_negated_assertion(node) {
        return Some(false);
    }
    // Through a newtype around the number.
    let value = match node.parent() {
        Some(c)
            if node.role() == Role::Arg
                && c.kind() == Kind::Call
                && c.args().count() == 1
                && c.callee().is_some_and(|f| f.kind() == Kind::Ident && f.text().starts_with(char::is_uppercase)) =>
        {
            c
        }
        _ => node,
    };
    patterns::in_expected_value(value, lists.assertion_calls).then_some(true)
}

/// Whether a node is, or names, −32602.
fn is_invalid_params(node: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    match node.kind() {
        Kind::Num => node.int() == Some(lists.invalid_params_code),
        Kind::Ident | Kind::Member => lists.invalid_params_names.contains(&node.text()),
        _ => false,
    }
}

fn mentions_invalid_params(scope: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    is_invalid_params(scope, lists) || scope.descendants().any(|d| is_invalid_params(d, lists))
}

/// A branch that also accepts −32602: `c === -32002 || c === -32602`, a ternary that maps one
/// to the other, `if … else if (c === -32602)`, `case -32002: case -32602:`, `[-32002, -32602]`.
fn dual_branch(node: NodeRef<'_>, kind: Branch, lists: &Lists<'_>) -> bool {
    match kind {
        Branch::Compare => {
            // The whole condition, then the decision it belongs to.
            let mut top = node;
            while let Some(p) = top.parent() {
                if matches!(p.kind(), Kind::Binary | Kind::Unary) {
                    top = p;
                } else {
                    break;
                }
            }
            if mentions_invalid_params(top, lists) {
                return true;
            }
            top.parent().is_some_and(|p| p.kind() == Kind::If && top.role() == Role::Cond && mentions_invalid_params(p, lists))
        }
        Branch::Case => {
            let Some(case) = node.ancestors().find(|a| a.kind() == Kind::Case) else {
                // `matches!(code, -32002 | -32602)`: the whole macro is the decision.
                return node
                    .ancestors()
                    .find(|a| a.kind() == Kind::Macro)
                    .is_some_and(|m| mentions_invalid_params(m, lists));
            };
            if case.children_with(Role::Pattern).any(|p| mentions_invalid_params(p, lists)) {
                return true;
            }
            // TS fall-through: `case -32002: case -32602: …`
            let Some(switch) = case.parent() else { return false };
            let cases: Vec<NodeRef<'_>> = switch.children_with(Role::Case).collect();
            let Some(i) = cases.iter().position(|c| *c == case) else { return false };
            let empty = |c: &NodeRef<'_>| c.children().all(|x| x.role() == Role::Pattern);
            let mut j = i;
            // Cases sharing one body are a run of empty cases ending in a non-empty one.
            while j > 0 && cases.get(j - 1).is_some_and(empty) {
                j -= 1;
            }
            let mut k = i;
            while cases.get(k).is_some_and(empty) && k + 1 < cases.len() {
                k += 1;
            }
            cases
                .get(j..=k)
                .is_some_and(|run| run.iter().any(|c| c.children_with(Role::Pattern).any(|p| mentions_invalid_params(p, lists))))
        }
        Branch::OneOf => node.parent().is_some_and(|a| mentions_invalid_params(a, lists)),
        Branch::Expect => false,
    }
}

/// An emitted value chosen between −32002 and −32602 (`legacy ? -32002 : -32602`, an `if` on
/// the era that throws one or the other, a list of both codes): the dual-era shape. The
/// nearest decision around the value is the one that counts.
fn in_dual_choice(node: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    for a in node.ancestors() {
        match a.kind() {
            Kind::If | Kind::Array => return mentions_invalid_params(a, lists),
            Kind::Fn | Kind::Module | Kind::Container | Kind::Case | Kind::Switch => return false,
            _ => {}
        }
    }
    false
}
