//! MCP403 `missing-result-type`: hand-built results without `resultType`, and clients that do
//! not read an absent `resultType` as `"complete"`.
//!
//! Servers: the hand-built results [`crate::results`] finds (JSON-RPC envelopes, values of
//! dispatch arms for known methods) whose object has no `resultType`. Clients: a `switch` /
//! `match` on `resultType` whose `"complete"` branch an absent value cannot reach, and
//! comparisons with `"complete"` in a condition that does not also accept absence.
//!
//! Fix (unsafe): `resultType: "complete"` added to the hand-built result object, which is the
//! right value only when the result is complete (not `input_required`). Client-side findings get
//! none: how to read an absent value depends on what the branch does.

use crate::engine::FileCx;
use crate::fix::Fix;
use crate::patterns::{is_unset, see_through};
use crate::results::Finder;
use crate::rewrite::Literal;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &MissingResultType;

struct MissingResultType;

const COMPLETE: &str = "complete";

fn finder(meta: &'static RuleMeta) -> Finder<'static> {
    Finder {
        shapes: meta.data_pairs("result_shapes"),
        key_methods: meta.data_pairs("result_keys"),
        sdk_handlers: meta.data_strings("sdk_handler_calls"),
        wrappers: meta.data_strings("value_wrappers"),
        assertions: meta.data_strings("assertion_calls"),
        client_apis: meta.data_strings("client_apis"),
    }
}

impl Rule for MissingResultType {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        let mut kinds = Finder::KINDS.to_vec();
        kinds.extend([Kind::Switch, Kind::Binary]);
        kinds
    }

    /// Its own code reads every node it is offered.
    fn own_kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        self.kinds(meta)
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        if !cx.mcp() {
            return;
        }
        let meta = cx.meta();
        match node.kind() {
            Kind::Switch => {
                let names = meta.data_strings("result_type_names");
                if let Some(scrutinee) = node.child(Role::Scrutinee).filter(|s| reads_result_type(*s, names)) {
                    if switch_misses_absent(node) && client_side(node, meta) {
                        cx.report(
                            scrutinee,
                            "switches on `resultType` but an absent value (older servers send none) never reaches the `\"complete\"` branch",
                        );
                    }
                }
                return;
            }
            Kind::Binary => {
                let names = meta.data_strings("result_type_names");
                if compares_complete(node, names)
                    && !chain_accepts_absent(node, names)
                    && !keeps_absence(node)
                    && client_side(node, meta)
                {
                    cx.report(
                        node,
                        "compares `resultType` with `\"complete\"` without accepting an absent `resultType`, which means `\"complete\"`",
                    );
                }
                return;
            }
            _ => {}
        }
        let f = finder(meta);
        let Some(found) = f.find(node) else { return };
        if !crate::results::owes_modern_fields(&found, cx.path, meta.data_strings("removed_methods")) {
            return;
        }
        let embedded = meta.data_strings("embedded_result_keys");
        if found.has_key("resultType") || found.has_spread() || embedded.iter().any(|k| found.has_key(k)) {
            return;
        }
        let message = match (found.envelope, found.method) {
            (true, Some(m)) => format!("builds a JSON-RPC result for `{m}` without `resultType`"),
            (true, None) => "builds a JSON-RPC result without `resultType`".to_string(),
            (false, Some(m)) => format!("the `{m}` dispatch arm returns a result without `resultType`"),
            (false, None) => "returns a hand-built result without `resultType`".to_string(),
        };
        // A result that asks for input is `input_required`, not complete.
        let asks_input = found.has_key("inputRequests") || found.has_key("requestState");
        let fix = (!asks_input)
            .then(|| crate::rewrite::insert_entries(cx.source, found.result, &[("resultType", Literal::Str(COMPLETE))]))
            .flatten()
            .map(|edit| Fix::unsafe_edit("Add `resultType: \"complete\"`", vec![edit]));
        let diag = cx.report_range(found.at, message);
        if let Some(fix) = fix {
            diag.with_fix(fix);
        }
    }
}

/// Whether an expression reads a result's `resultType` without defaulting it:
/// `r.resultType`, `r["resultType"]`, `v.get("resultType").and_then(Value::as_str)`.
fn reads_result_type(expr: NodeRef<'_>, names: &[&str]) -> bool {
    let mut cur = expr;
    loop {
        cur = see_through(cur);
        match cur.kind() {
            Kind::Member | Kind::Ident => return names.contains(&cur.text()),
            Kind::Index => {
                return cur.child(Role::Index).is_some_and(|i| i.kind() == Kind::Str && names.contains(&i.text()));
            }
            Kind::Call => {
                let name = cur.call_name().unwrap_or_default();
                // Python's `r.get("resultType", "complete")` reads it with a default.
                if name == "get" {
                    return cur.arg(0).is_some_and(|a| a.kind() == Kind::Str && names.contains(&a.text())) && cur.arg(1).is_none();
                }
                if !matches!(name, "as_str" | "as_deref" | "and_then" | "map" | "as_ref" | "cloned" | "toString") {
                    return false;
                }
                match cur.receiver() {
                    Some(r) => cur = r,
                    None => return false,
                }
            }
            _ => return false,
        }
    }
}

/// `"complete"`, or Rust `Some("complete")`.
fn is_complete(node: NodeRef<'_>) -> bool {
    let node = see_through(node);
    match node.kind() {
        Kind::Str => node.text() == COMPLETE,
        Kind::Call => node.call_name() == Some("Some") && node.arg(0).is_some_and(|a| a.kind() == Kind::Str && a.text() == COMPLETE),
        _ => false,
    }
}

/// `undefined`, `null`, `None` as a value or pattern.
fn is_absent(node: NodeRef<'_>) -> bool {
    is_unset(node) && !(node.kind() == Kind::Bool)
}

/// A `switch`/`match` with a `"complete"` branch that an absent `resultType` does not reach.
fn switch_misses_absent(switch: NodeRef<'_>) -> bool {
    let cases: Vec<NodeRef<'_>> = switch.children_with(Role::Case).collect();
    // Absence handled explicitly anywhere: the author thought about it.
    if cases.iter().any(|c| case_patterns(*c).iter().any(|p| is_absent(*p))) {
        return false;
    }
    let Some(index) = cases.iter().position(|c| case_patterns(*c).iter().any(|p| is_complete(*p))) else {
        return false;
    };
    // TS fall-through: `case 'complete': default: …` or `default: case 'complete': …`.
    let has_body = |c: &NodeRef<'_>| c.children_with(Role::Body).next().is_some();
    let mut start = index;
    while start > 0 && cases.get(start - 1).is_some_and(|c| !has_body(c)) {
        start -= 1;
    }
    let mut end = index;
    while cases.get(end).is_some_and(|c| !has_body(c)) && end + 1 < cases.len() {
        end += 1;
    }
    let is_default = |c: &NodeRef<'_>| {
        let ps = case_patterns(*c);
        ps.is_empty() || ps.iter().all(|p| p.is_ident("_"))
    };
    !cases.get(start..=end).is_some_and(|group| group.iter().any(is_default))
}

/// `x.resultType === 'complete'` (any equality operator, either order).
fn compares_complete(binary: NodeRef<'_>, names: &[&str]) -> bool {
    if !matches!(binary.text(), "===" | "==" | "!==" | "!=") {
        return false;
    }
    let (Some(l), Some(r)) = (binary.child(Role::Left), binary.child(Role::Right)) else { return false };
    (is_complete(r) && reads_result_type(l, names)) || (is_complete(l) && reads_result_type(r, names))
}

/// Whether the logical chain around a comparison also tests for an absent `resultType`
/// (`r.resultType === undefined || r.resultType === 'complete'`, `!r.resultType || …`).
fn chain_accepts_absent(binary: NodeRef<'_>, names: &[&str]) -> bool {
    let mut top = binary;
    while let Some(p) = top.parent().filter(|p| p.kind() == Kind::Binary && matches!(p.text(), "||" | "&&")) {
        top = p;
    }
    std::iter::once(top).chain(top.descendants()).any(|n| match n.kind() {
        Kind::Binary if matches!(n.text(), "===" | "==" | "!==" | "!=") => {
            let (Some(l), Some(r)) = (n.child(Role::Left), n.child(Role::Right)) else { return false };
            let type_of = |u: NodeRef<'_>| {
                u.kind() == Kind::Unary
                    && u.text() == "typeof"
                    && u.children().next().is_some_and(|o| reads_result_type(o, names))
            };
            (is_absent(r) && reads_result_type(l, names))
                || (is_absent(l) && reads_result_type(r, names))
                || (r.kind() == Kind::Str && r.text() == "undefined" && type_of(l))
        }
        Kind::Unary if n.text() == "!" => n.children().next().is_some_and(|o| reads_result_type(o, names)),
        Kind::Call => n.call_name().is_some_and(|c| matches!(c, "is_none" | "is_some")) && n.receiver().is_some_and(|r| reads_result_type(r, names)),
        _ => false,
    })
}

/// Every node of an arm's patterns (`Some("complete") | None` → `Some(…)`, `"complete"`, `None`).
fn case_patterns(case: NodeRef<'_>) -> Vec<NodeRef<'_>> {
    case.children_with(Role::Pattern).flat_map(|p| std::iter::once(p).chain(p.descendants())).collect()
}

/// `r.resultType === 'complete' ? 'complete' : undefined`: the comparison maps the value and
/// leaves an absent one absent rather than deciding it is not complete.
fn keeps_absence(binary: NodeRef<'_>) -> bool {
    let Some(ternary) = binary.parent().filter(|p| p.kind() == Kind::If && binary.role() == Role::Cond) else {
        return false;
    };
    let undefined_when_false = if binary.text().starts_with('!') { Role::Then } else { Role::Else };
    ternary.child(undefined_when_false).is_some_and(is_absent)
}

/// Whether code reading `resultType` is on the client: the file imports a client SDK module, or
/// the function around it sends requests. A server's own encoder that checks the field it
/// stamped is not a client reading a peer's result.
fn client_side(node: NodeRef<'_>, meta: &'static RuleMeta) -> bool {
    crate::patterns::client_side(node, meta.data_strings("client_imports"), meta.data_strings("client_calls"))
}
