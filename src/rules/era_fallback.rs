//! MCP205 `era-fallback`: an era fallback keyed on one error code, and the draft error numbers.
//!
//! A dual-era client falls back to `initialize` when its modern probe fails. The spec forbids
//! keying that on one specific code: a legacy server answers with whatever it likes, so only "not
//! a recognised modern error" (−32020/−32021/−32022) or a timeout is a sound test. Found: a
//! comparison of an error code with one non-modern code (`e.code === -32601`,
//! `ErrorCode.MethodNotFound`, a `match` arm) whose branch sends `initialize` or calls something
//! named after it or after the legacy path; also the inverted guard (`if (e.code !== -32601)
//! throw e;` followed by the fallback).
//!
//! The draft numbers −32001/−32003/−32004 count only where the code says what they mean (a
//! header mismatch, a missing capability, an unsupported protocol version) or an era fallback
//! surrounds them: −32001 is also the SDKs' "Session not found" and a common "unauthorized"
//! code ("Missing Authorization header"), which a header word alone does not tell apart. A constant defined with one counts once,
//! at its definition, and again where code branches on it.
//!
//! Fix (safe): a draft number becomes its final code where it is written. A branch on a constant
//! has no fix of its own: the constant's definition is the finding that carries it. A fallback
//! keyed on one code has none: what to test instead is a choice of design.

use crate::engine::FileCx;
use crate::fix::{Edit, Fix};
use crate::patterns::{name_words, see_through};
use crate::rules::{Rule, RuleMeta};
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &EraFallback;

struct EraFallback;

impl Rule for EraFallback {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        vec![Kind::Case, Kind::Num, Kind::Call]
    }

    /// Comparisons, with the file's constants looked up once instead of per comparison.
    fn check_file(&self, cx: &mut FileCx<'_>) {
        let tree = cx.tree;
        let mut definitions: std::collections::HashMap<&str, NodeRef<'_>> = std::collections::HashMap::new();
        for n in tree.nodes() {
            if matches!(n.kind(), Kind::Var | Kind::Field) && n.child(Role::Init).is_some() {
                definitions.entry(n.text()).or_insert(n);
            }
        }
        for node in tree.nodes().filter(|n| n.kind() == Kind::Binary) {
            if !check_fallback_comparison(node, cx) && !check_fallback_in(node, cx) {
                check_draft_constant_branch(node, &definitions, cx);
            }
        }
    }

    /// Its own code reads every node it is offered.
    fn own_kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        self.kinds(meta)
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        match node.kind() {
            Kind::Call => check_fallback_includes(node, cx),
            Kind::Case => check_fallback_arm(node, cx),
            Kind::Num => check_draft_number(node, cx),
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fallback keyed on one code

/// `e.code`, `error.code()`, `code`, `err.code.0`, `errorCode`.
fn is_code_expr(node: NodeRef<'_>) -> bool {
    let segments = node.path_segments();
    let last = segments.iter().rev().find(|s| s.parse::<u32>().is_err()).copied().unwrap_or_default();
    matches!(last, "code" | "errorCode" | "error_code")
}

/// The specific, non-modern JSON-RPC code a node names: `-32601`, `ErrorCode.MethodNotFound`,
/// `ErrorCode::METHOD_NOT_FOUND`, a same-file constant bound to one. Returns its display.
fn specific_code(node: NodeRef<'_>, cx: &FileCx<'_>) -> Option<String> {
    let modern = cx.meta().data_ints("modern_codes");
    if let Some(v) = node.int() {
        return ((-32768..=-32000).contains(&v) && !modern.contains(&v)).then(|| v.to_string());
    }
    if matches!(node.kind(), Kind::Ident | Kind::Member) {
        let name = node.text();
        if cx.data("legacy_code_names").contains(&name) {
            return Some(node.path().unwrap_or_else(|| name.to_string()));
        }
        if node.kind() == Kind::Ident {
            let v = const_value(node)?;
            return ((-32768..=-32000).contains(&v) && !modern.contains(&v)).then(|| name.to_string());
        }
    }
    None
}

/// The integer a same-file constant is initialised with.
fn const_value(ident: NodeRef<'_>) -> Option<i64> {
    let name = ident.text();
    ident.tree().nodes().find(|n| matches!(n.kind(), Kind::Var | Kind::Field) && n.text() == name)?.child(Role::Init)?.int()
}

/// Whether a subtree falls back to the handshake: sends `initialize`, or calls something named
/// after it or after the legacy path.
fn falls_back(node: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    let words = cx.data("fallback_words");
    std::iter::once(node).chain(node.descendants()).any(|n| match n.kind() {
        Kind::Str => n.text() == "initialize",
        Kind::Call => n.call_name().is_some_and(|name| name_words(name).iter().any(|w| words.contains(&w.as_str()))),
        _ => false,
    })
}

/// Whether a branch only leaves (`throw e`, `return`, `return Err(e)`).
fn only_exits(node: NodeRef<'_>) -> bool {
    match node.kind() {
        Kind::Throw | Kind::Return => true,
        Kind::Block => node.children().count() == 1 && node.children().all(only_exits),
        _ => false,
    }
}

/// The `if` whose condition contains `node` (through `&&`, `||`, `!`, parentheses).
fn guarding_if(node: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let mut cur = node;
    loop {
        let parent = cur.parent()?;
        match parent.kind() {
            Kind::Binary if matches!(parent.text(), "&&" | "||") => cur = parent,
            Kind::Unary if parent.text() == "!" => cur = parent,
            Kind::If if cur.role() == Role::Cond => return Some(parent),
            _ => return None,
        }
    }
}

fn check_fallback_comparison(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let op = node.text();
    let equal = matches!(op, "==" | "===");
    if !equal && !matches!(op, "!=" | "!==") {
        return false;
    }
    let children: Vec<NodeRef<'_>> = node.children().collect();
    let [a, b] = children.as_slice() else { return false };
    let code = if is_code_expr(*a) {
        specific_code(*b, cx)
    } else if is_code_expr(*b) {
        specific_code(*a, cx)
    } else {
        None
    };
    let Some(code) = code else { return false };
    let Some(branch) = guarding_if(node) else { return false };
    let keyed = if equal {
        branch.child(Role::Then).is_some_and(|t| falls_back(t, cx))
    } else {
        // `if (e.code !== -32601) throw e;` then the fallback below.
        branch.child(Role::Then).is_some_and(only_exits) && following_falls_back(branch, cx)
    };
    if keyed {
        report_fallback(node, &code, cx);
    }
    keyed
}

/// The statements after `stmt` in its block fall back to the handshake.
fn following_falls_back(stmt: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    let Some(block) = stmt.parent() else { return false };
    block.children().skip_while(|c| c.id() != stmt.id()).skip(1).any(|c| falls_back(c, cx))
}

/// `[-32601, -32602].includes(e.code)` guarding the fallback.
fn check_fallback_includes(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    if !matches!(node.call_name(), Some("includes" | "has" | "contains")) {
        return;
    }
    let (Some(list), Some(arg)) = (node.receiver(), node.arg(0)) else { return };
    check_membership(node, list, arg, cx);
}

/// Python's `err.code in (-32601, -32602)` guarding the fallback.
fn check_fallback_in(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let (Some(arg), Some(list)) = (node.child(Role::Left), node.child(Role::Right)) else { return false };
    node.text() == "in" && check_membership(node, see_through(list), arg, cx)
}

/// A list of specific codes tested for the error's code, guarding the fallback.
fn check_membership(node: NodeRef<'_>, list: NodeRef<'_>, arg: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    if list.kind() != Kind::Array || !is_code_expr(arg) {
        return false;
    }
    let codes: Vec<String> = list.children().filter_map(|c| specific_code(c, cx)).collect();
    if codes.is_empty() || codes.len() != list.children().count() {
        return false;
    }
    let Some(branch) = guarding_if(node) else { return false };
    let keyed = branch.child(Role::Then).is_some_and(|t| falls_back(t, cx));
    if keyed {
        report_fallback(node, &codes.join(", "), cx);
    }
    keyed
}

/// `match err.code { ErrorCode::METHOD_NOT_FOUND => initialize(…), … }`, `case -32601:`.
fn check_fallback_arm(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let Some(scrutinee) = node.parent().and_then(|s| s.child(Role::Scrutinee)) else { return };
    if !is_code_expr(scrutinee) {
        return;
    }
    for pattern in node.children_with(Role::Pattern) {
        let Some(code) = specific_code(pattern, cx) else { continue };
        if node.children_with(Role::Body).any(|b| falls_back(b, cx)) {
            report_fallback(pattern, &code, cx);
            return;
        }
    }
}

fn report_fallback(at: NodeRef<'_>, code: &str, cx: &mut FileCx<'_>) {
    let message = format!(
        "falls back to `initialize` only on error code {code}; a legacy server may answer with any error or none"
    );
    cx.report(at, message);
}

// ---------------------------------------------------------------------------------------------
// Draft error numbers

/// What a draft number meant, the number it became, and the words that show code means it.
struct Draft {
    meaning: &'static str,
    final_code: &'static str,
    /// Each group must have a word among the words around the number.
    all_of: &'static [&'static [&'static str]],
}

/// The meaning a draft number had. −32001 is also the SDKs' "Session not found" and a common
/// "unauthorized" code, so a header alone is not enough: it must be an MCP header, or a
/// mismatch.
fn draft_meaning(value: i64) -> Option<Draft> {
    match value {
        -32001 => Some(Draft { meaning: "HeaderMismatch", final_code: "-32020", all_of: &[&["mismatch", "disagree", "disagrees", "differs"]] }),
        -32003 => Some(Draft {
            meaning: "MissingRequiredClientCapability",
            final_code: "-32021",
            all_of: &[&["capability", "capabilities"]],
        }),
        -32004 => Some(Draft {
            meaning: "UnsupportedProtocolVersion",
            final_code: "-32022",
            all_of: &[&["version", "versions", "unsupported", "supported"]],
        }),
        _ => None,
    }
}

/// Words that put a number in another context than the draft meaning: credentials and
/// sessions (−32001 "Missing Authorization header", "Session not found").
const OTHER_MEANINGS: &[&str] = &["authorization", "auth", "unauthorized", "unauthenticated", "token", "bearer", "session", "credentials"];

/// Whether the words around a draft number say it means what the draft gave it: an era
/// fallback around it (`initialize`, `legacy`), or its meaning's words and no other meaning's.
fn means_draft(draft: &Draft, words: &[String], cx: &FileCx<'_>) -> bool {
    let has = |set: &[&str]| words.iter().any(|w| set.contains(&w.as_str()));
    if has(cx.data("fallback_words")) {
        return true;
    }
    draft.all_of.iter().all(|group| has(group)) && !has(OTHER_MEANINGS)
}

fn check_draft_number(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let Some(value) = node.int() else { return };
    let Some(draft) = draft_meaning(value) else { return };
    let words = context_words(node);
    if !means_draft(&draft, &words, cx) {
        return;
    }
    let Draft { meaning, final_code, .. } = draft;
    let message = format!("uses {value}, the draft number of `{meaning}`; the final code is {final_code}");
    let fix = Fix::safe(
        format!("Replace {value} with {final_code}"),
        vec![Edit::replace(node.span(), format!("{final_code}{}", int_suffix(cx.text(node))))],
    );
    cx.report(node, message)
        .with_hint(format!("Use {final_code}: the draft numbers never shipped in a final revision."))
        .with_fix(fix);
}

/// A Rust integer literal's type suffix (`i32` in `-32_001_i32`), kept by the replacement.
fn int_suffix(written: &str) -> &str {
    written.find(['i', 'u']).and_then(|i| written.get(i..)).unwrap_or("")
}

/// `e.code === UNSUPPORTED_VERSION` where the constant is a draft number with its meaning.
fn check_draft_constant_branch(
    node: NodeRef<'_>,
    definitions: &std::collections::HashMap<&str, NodeRef<'_>>,
    cx: &mut FileCx<'_>,
) {
    if !matches!(node.text(), "==" | "===" | "!=" | "!==") {
        return;
    }
    for side in node.children() {
        if !matches!(side.kind(), Kind::Ident | Kind::Member) {
            continue;
        }
        let name = side.text();
        // The first definition with a value in the file, as a reader would look it up.
        let Some(def) = definitions.get(name).copied() else { continue };
        let Some(init) = def.child(Role::Init) else { continue };
        let Some(value) = init.int() else { continue };
        let Some(draft) = draft_meaning(value) else { continue };
        if !means_draft(&draft, &context_words(init), cx) {
            continue;
        }
        let Draft { meaning, final_code, .. } = draft;
        let message = format!("branches on `{name}` ({value}), the draft number of `{meaning}`; peers send {final_code}");
        cx.report(node, message).with_hint(format!("Compare with {final_code}: the draft numbers never shipped in a final revision."));
        return;
    }
}

/// Calls that wrap a code without saying what it means.
const WRAPPERS: &[&str] = &["ErrorCode", "ProtocolErrorCode", "new", "from", "Some", "Ok", "Number"];

/// The words around a number that say what it stands for: the name that holds it, the other
/// strings and keys of its error object or call, the branch a comparison guards.
fn context_words(node: NodeRef<'_>) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = node;
    while let Some(parent) = cur.parent() {
        match (cur.role(), parent.kind()) {
            (_, Kind::Unary) => cur = parent,
            // `ErrorCode(-32004)`, `Some(-32004)`: a one-argument wrapper says nothing itself.
            (Role::Arg, Kind::Call)
                if parent.args().count() == 1 && parent.call_name().is_some_and(|n| WRAPPERS.contains(&n)) =>
            {
                cur = parent
            }
            (Role::Value, Kind::Pair) => {
                out.extend(name_words(parent.text()));
                if let Some(object) = parent.parent().filter(|o| o.kind() == Kind::Object) {
                    out.extend(name_words(object.text()));
                    for pair in object.children().filter(|p| p.id() != parent.id()) {
                        out.extend(name_words(pair.text()));
                        if let Some(s) = pair.value().and_then(|v| v.str_value()) {
                            out.extend(name_words(s));
                        }
                    }
                    // `{ code: -32004, message }` inside `new McpError(…)` or `error: {…}`.
                    if let Some(outer) = object.parent() {
                        out.extend(name_words(outer.text()));
                        if outer.kind() == Kind::Call {
                            out.extend(outer.call_name().map(name_words).unwrap_or_default());
                        }
                    }
                }
                break;
            }
            (Role::Init, Kind::Var | Kind::Field) => {
                out.extend(name_words(parent.text()));
                break;
            }
            (Role::Right, Kind::Assign) => {
                for seg in parent.child(Role::Left).map(|l| l.path_segments()).unwrap_or_default() {
                    out.extend(name_words(seg));
                }
                break;
            }
            (Role::Arg, Kind::Call | Kind::Macro) => {
                out.extend(parent.call_name().map(name_words).unwrap_or_default());
                for arg in parent.args().filter(|a| a.id() != cur.id()) {
                    if let Some(s) = arg.str_value() {
                        out.extend(name_words(s));
                    }
                    for seg in arg.path_segments() {
                        out.extend(name_words(seg));
                    }
                }
                break;
            }
            (Role::Left | Role::Right, Kind::Binary) => {
                for side in parent.children().filter(|c| c.id() != cur.id()) {
                    for seg in side.path_segments() {
                        out.extend(name_words(seg));
                    }
                }
                if let Some(branch) = guarding_if(parent).and_then(|i| i.child(Role::Then)) {
                    out.extend(subtree_words(branch));
                }
                break;
            }
            (Role::Pattern, Kind::Case) => {
                for body in parent.children_with(Role::Body) {
                    out.extend(subtree_words(body));
                }
                break;
            }
            (Role::Elem, Kind::Array) => cur = parent,
            _ => break,
        }
    }
    out
}

/// Words of the names and strings in a subtree (a guarded branch).
fn subtree_words(node: NodeRef<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for n in std::iter::once(node).chain(node.descendants()) {
        match n.kind() {
            Kind::Ident | Kind::Member | Kind::Str => out.extend(name_words(n.text())),
            _ => {}
        }
    }
    out
}
