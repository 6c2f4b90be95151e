//! The shared name-list matcher behind every `[[match]]` entry of `rules/*.toml`.
//!
//! Most legacy spellings are names: a header, a method, an SDK constant, a call, a trait
//! method. Keeping them as data means adding a spelling is a one-line change to the rule's
//! document (plus a fixture line), not new code. The questions a pattern can ask ("is this
//! string the method of a request?") are answered here once for both languages.

use crate::engine::FileCx;
use crate::rules::{Pattern, ValueIs, What};
use crate::tree::{flags, Kind, NodeRef, Role};

/// The node kinds a list of patterns looks at.
pub fn kinds(patterns: &[Pattern]) -> Vec<Kind> {
    let mut out = Vec::new();
    for p in patterns {
        out.extend_from_slice(match p.what {
            What::String | What::Method => &[Kind::Str, Kind::Pair],
            What::Ident => &[Kind::Ident, Kind::Member, Kind::Type],
            What::Call => &[Kind::Call],
            What::Fn => &[Kind::Fn],
            What::Key => &[Kind::Pair],
            What::Implements => &[Kind::Container],
            What::Number => &[Kind::Num],
        });
    }
    out
}

/// Runs the current rule's patterns on one node; reports the first that matches.
pub fn check(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let meta = cx.meta();
    for p in &meta.patterns {
        if p.mcp_context && !cx.mcp() {
            continue;
        }
        if let Some((at, value)) = matches(p, node) {
            let message = p.message.replace("{value}", &value);
            let diag = cx.report(at, message);
            if let Some(level) = p.level {
                diag.with_level(level);
            }
            if let Some(hint) = &p.hint {
                diag.with_hint(hint.clone());
            }
            diag.legacy_handler(p.legacy_handler);
            return;
        }
    }
}

/// Whether `p` matches `node`: the node to report and the matched text.
pub fn matches<'t>(p: &Pattern, node: NodeRef<'t>) -> Option<(NodeRef<'t>, String)> {
    match p.what {
        What::String => {
            let value = literal_or_string_key(node)?;
            one_of(&p.values, value, p.ignore_case).then(|| (node, value.to_string()))
        }
        What::Method => {
            let value = literal_or_string_key(node)?;
            let position = if p.sent { is_method_sent(node) } else { is_method_position(node) };
            (one_of(&p.values, value, p.ignore_case) && position).then(|| (node, value.to_string()))
        }
        What::Ident => {
            if !matches!(node.kind(), Kind::Ident | Kind::Member | Kind::Type) || node.text().is_empty() {
                return None;
            }
            if !one_of(&p.names, node.text(), p.ignore_case) {
                return None;
            }
            if !p.receiver.is_empty() {
                let object = node.object().filter(|_| node.kind() == Kind::Member)?;
                if !receiver_matches(&p.receiver, object) {
                    return None;
                }
            }
            Some((node, node.text().to_string()))
        }
        What::Call => {
            let name = node.call_name()?;
            if !one_of(&p.names, name, p.ignore_case) {
                return None;
            }
            if !p.receiver.is_empty() {
                let receiver = node.receiver()?;
                if !receiver_matches(&p.receiver, receiver) {
                    return None;
                }
            }
            if p.value != ValueIs::Any && !value_is(p.value, node.arg(0)) {
                return None;
            }
            Some((node, name.to_string()))
        }
        What::Fn => {
            if node.kind() != Kind::Fn || !one_of(&p.names, node.text(), p.ignore_case) {
                return None;
            }
            if !p.in_impl.is_empty() {
                let container = node.parent().filter(|c| c.kind() == Kind::Container)?;
                if !implements_any(container, &p.in_impl) {
                    return None;
                }
            }
            Some((node, node.text().to_string()))
        }
        What::Key => {
            if node.kind() != Kind::Pair || node.has_flag(flags::COMPUTED) {
                return None;
            }
            if !one_of(&p.names, node.text(), p.ignore_case) || !value_is(p.value, node.value()) {
                return None;
            }
            if !p.parent_key.is_empty() {
                let outer = node.parent().and_then(|o| o.parent()).filter(|o| o.kind() == Kind::Pair)?;
                if !one_of(&p.parent_key, outer.text(), p.ignore_case) {
                    return None;
                }
            }
            if !p.in_call.is_empty() {
                let object = node.parent().filter(|o| o.kind() == Kind::Object && o.role() == Role::Arg)?;
                let call = object.parent().filter(|c| c.kind() == Kind::Call)?;
                if !call.call_name().is_some_and(|n| one_of(&p.in_call, n, p.ignore_case)) {
                    return None;
                }
            }
            Some((node, node.text().to_string()))
        }
        What::Implements => {
            let ty = node.children_with(Role::Implements).find(|t| one_of(&p.names, t.text(), p.ignore_case))?;
            Some((ty, ty.text().to_string()))
        }
        What::Number => {
            let v = node.int()?;
            p.numbers.contains(&v).then(|| (node, v.to_string()))
        }
    }
}

fn one_of(list: &[String], value: &str, ignore_case: bool) -> bool {
    if ignore_case {
        list.iter().any(|v| v.eq_ignore_ascii_case(value))
    } else {
        list.iter().any(|v| v == value)
    }
}

/// The value of a string literal, or the key of a pair written as a string literal.
fn literal_or_string_key<'t>(node: NodeRef<'t>) -> Option<&'t str> {
    match node.kind() {
        Kind::Str => Some(node.text()),
        Kind::Pair if node.has_flag(flags::STRING_KEY) => Some(node.text()),
        _ => None,
    }
}

/// Whether a receiver path names one of the wanted words (`client`, `mcpServer.server`).
pub fn receiver_matches(words: &[String], receiver: NodeRef<'_>) -> bool {
    let segments = receiver.path_segments();
    if segments.is_empty() {
        return false;
    }
    segments.iter().any(|seg| {
        let seg = seg.to_ascii_lowercase();
        words.iter().any(|w| seg.contains(&w.to_ascii_lowercase()))
    })
}

/// Whether a container (class, impl) implements or extends one of `names`.
pub fn implements_any(container: NodeRef<'_>, names: &[String]) -> bool {
    container.children_with(Role::Implements).any(|t| names.iter().any(|n| n == t.text()))
}

/// Whether a value node satisfies a `ValueIs` requirement.
pub fn value_is(want: ValueIs, value: Option<NodeRef<'_>>) -> bool {
    match want {
        ValueIs::Any => true,
        ValueIs::True => value.is_some_and(|v| v.kind() == Kind::Bool && v.text() == "true"),
        ValueIs::Set => match value {
            None => false,
            Some(v) => !is_unset(v),
        },
    }
}

/// `undefined`, `null`, `None`, `false`: a value that switches an option off.
pub fn is_unset(v: NodeRef<'_>) -> bool {
    match v.kind() {
        Kind::Null => true,
        Kind::Bool => v.text() == "false",
        Kind::Ident => matches!(v.text(), "undefined" | "None"),
        Kind::Unary if v.text() == "void" => true,
        _ => false,
    }
}

/// Calls whose first argument is a JSON-RPC method name.
const METHOD_ARG_CALLS: &[&str] = &[
    "setRequestHandler",
    "setNotificationHandler",
    "removeRequestHandler",
    "removeNotificationHandler",
    "assertCanSetRequestHandler",
    "request",
    "notification",
    "sendRequest",
    "sendNotification",
    "onRequest",
    "onNotification",
];

/// Whether an expression reads a JSON-RPC method name: `req.method`, `method`,
/// `request.method.as_str()`, `&*msg.method`.
pub fn is_method_expr(node: NodeRef<'_>) -> bool {
    let mut cur = node;
    loop {
        match cur.kind() {
            Kind::Unary => match cur.children().next() {
                Some(c) => cur = c,
                None => return false,
            },
            Kind::Call if matches!(cur.call_name(), Some("as_str" | "as_ref" | "to_string" | "deref" | "borrow")) => {
                match cur.receiver() {
                    Some(r) => cur = r,
                    None => return false,
                }
            }
            Kind::Member | Kind::Ident => {
                let name = cur.text();
                return name == "method" || name == "method_name" || name == "methodName";
            }
            _ => return false,
        }
    }
}

/// Whether a string literal (or a string-literal key) stands where a JSON-RPC method name goes.
pub fn is_method_position(node: NodeRef<'_>) -> bool {
    if node.kind() == Kind::Pair {
        return is_method_table_key(node);
    }
    let Some(parent) = node.parent() else { return false };
    match (node.role(), parent.kind()) {
        // `{ method: 'ping' }`, `json!({"method": "ping"})`
        (Role::Value, Kind::Pair) => parent.text() == "method",
        // `case 'ping':`, `"ping" => …` in a switch on the method
        (Role::Pattern, Kind::Case) => {
            parent.parent().and_then(|s| s.child(Role::Scrutinee)).is_some_and(is_method_expr)
        }
        // `req.method === 'ping'`
        (Role::Left | Role::Right, Kind::Binary) if matches!(parent.text(), "==" | "===" | "!=" | "!==") => {
            parent.children().filter(|c| c.id() != node.id()).any(is_method_expr)
        }
        // `setRequestHandler('ping', …)`
        (Role::Arg, Kind::Call) => {
            parent.arg(0).is_some_and(|a| a.id() == node.id())
                && parent.call_name().is_some_and(|n| METHOD_ARG_CALLS.contains(&n))
        }
        // `['ping', 'initialize'].includes(method)`
        (Role::Elem, Kind::Array) => parent.parent().is_some_and(|m| {
            m.kind() == Kind::Member
                && m.text() == "includes"
                && m.parent().is_some_and(|call| call.kind() == Kind::Call && call.arg(0).is_some_and(is_method_expr))
        }),
        _ => false,
    }
}

/// Calls that send a request or notification named by their first argument.
const SEND_CALLS: &[&str] =
    &["request", "notification", "sendRequest", "sendNotification", "send_request", "send_notification"];

/// Whether a string literal is a method being sent: `{ method: 'x' }` or `notification('x', …)`.
pub fn is_method_sent(node: NodeRef<'_>) -> bool {
    let Some(parent) = node.parent() else { return false };
    match (node.kind(), node.role(), parent.kind()) {
        (Kind::Str, Role::Value, Kind::Pair) => parent.text() == "method",
        (Kind::Str, Role::Arg, Kind::Call) => {
            parent.arg(0).is_some_and(|a| a.id() == node.id())
                && parent.call_name().is_some_and(|n| SEND_CALLS.contains(&n))
        }
        _ => false,
    }
}

/// A string key of an object whose other keys are MCP method names: a handler table
/// (`{ 'tools/list': …, 'ping': … }`).
fn is_method_table_key(pair: NodeRef<'_>) -> bool {
    let Some(object) = pair.parent().filter(|o| o.kind() == Kind::Object) else { return false };
    object
        .children()
        .filter(|c| c.kind() == Kind::Pair && c.id() != pair.id() && c.has_flag(flags::STRING_KEY))
        .any(|c| crate::context::is_mcp_method(c.text()))
}

/// The declaration an identifier refers to, by lexical lookup in its file: the nearest `Var`
/// or `Param` of that name in an enclosing function, block or module, declared before the use
/// (a module's declarations count wherever they are). A destructuring declaration or
/// parameter (`const { a } = obj`, `({ a }) => …`) is returned too: it has a `Pattern` child,
/// and its `Init` is the destructured value, not the name's. `None` when the name is not declared in the file (an
/// import, a global).
pub fn declaration_of<'t>(ident: NodeRef<'t>) -> Option<NodeRef<'t>> {
    let name = ident.text();
    if ident.kind() != Kind::Ident || name.is_empty() {
        return None;
    }
    for scope in ident.ancestors() {
        let mut found = None;
        for child in scope.children() {
            match child.kind() {
                Kind::Var
                    if (child.text() == name || binds(child, name))
                        && !child.contains(ident)
                        && (child.start() <= ident.start() || (scope.kind() == Kind::Module && found.is_none())) =>
                {
                    found = Some(child);
                }
                Kind::Param if child.text() == name || binds(child, name) => return Some(child),
                _ => {}
            }
        }
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether a destructuring declaration or parameter binds `name`.
fn binds(var: NodeRef<'_>, name: &str) -> bool {
    var.child(Role::Pattern).is_some_and(|p| {
        p.descendants().any(|d| d.kind() == Kind::Ident && d.text() == name && d.role() != Role::Object)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::typescript::{lower, Dialect};
    use crate::source::SourceFile;

    #[test]
    fn declaration_of_finds_the_nearest_visible_binding() {
        let src =
            "const caps = a();\nfunction f(x) {\n  const caps = b();\n  use(caps, x, later, y);\n}\nconst later = 1;\n";
        let t = match lower(&SourceFile::new(src.to_string()), Dialect::TypeScript) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        };
        let uses: Vec<NodeRef<'_>> = t.nodes().filter(|n| n.kind() == Kind::Ident && n.role() == Role::Arg).collect();
        let decl = |i: usize| uses.get(i).copied().and_then(declaration_of);
        // The inner `caps` shadows the module's.
        assert_eq!(decl(0).map(|d| d.start()), src.find("caps = b"));
        assert_eq!(decl(1).map(|d| d.kind()), Some(Kind::Param));
        assert_eq!(decl(2).map(|d| d.text()), Some("later"));
        assert!(decl(3).is_none());
    }

    #[test]
    fn declaration_of_sees_destructuring() {
        let src = "const { sid, other: renamed } = body;\nuse(sid, renamed);\n";
        let t = match lower(&SourceFile::new(src.to_string()), Dialect::TypeScript) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        };
        let uses: Vec<NodeRef<'_>> = t.nodes().filter(|n| n.kind() == Kind::Ident && n.role() == Role::Arg).collect();
        for u in uses {
            let d = declaration_of(u);
            assert!(d.is_some_and(|d| d.child(Role::Pattern).is_some()), "{u:?}");
        }
    }
}
