//! MCP501 `capability-truthiness`: decisions about a feature that read the capability object
//! wrongly.
//!
//! A capability object is recognised by its path: a member or call named like the capability
//! set (`capabilities`, `getServerCapabilities()`, `server_capabilities`,
//! `peer_info().capabilities`), a value typed `ServerCapabilities` / `ClientCapabilities`, or a
//! variable assigned from one of these. A *capability value* is that object followed by a
//! capability name (`caps.resources`, `caps["tools"]`, `caps.get("tools")`).
//!
//! Two kinds of findings: emptiness used as absence (error), where `{}` — "supported, no
//! sub-features" — is read as "not supported"; and conflation (warning), where the capability
//! itself or its `listChanged` guards a call that needs another feature (`subscribe`), or
//! `listChanged` stands in for "the feature is supported".
//!
//! Fix (safe): the test becomes what the code meant, where it is a plain condition. Emptiness
//! and `=== true` become presence tests (`caps.tools !== undefined`, rmcp `as_object().is_some()`,
//! serde_json `get(…).is_some()`), a `resources` guard of a subscription tests the `subscribe`
//! flag, and `listChanged` read as support becomes a presence test of its capability.

use crate::engine::FileCx;
use crate::fix::{Edit, Fix};
use crate::patterns;
use crate::rules::{Level, Rule, RuleMeta};
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &CapabilityTruthiness;

struct CapabilityTruthiness;

/// The rule's name lists, read from its document.
struct Lists<'m> {
    capability_names: &'m [&'m str],
    /// Normalized (lower case, no `_`) names of the capability set itself.
    object_names: &'m [&'m str],
    object_calls: &'m [&'m str],
    object_types: &'m [&'m str],
    list_changed: &'m [&'m str],
    subscribe_flag: &'m [&'m str],
    subscribe_calls: &'m [&'m str],
    subscribe_receivers: Vec<String>,
    subscribe_methods: &'m [&'m str],
    emptiness_calls: &'m [&'m str],
    key_calls: &'m [&'m str],
    feature_calls: &'m toml::Table,
}


static EMPTY: std::sync::OnceLock<toml::Table> = std::sync::OnceLock::new();

impl Lists<'static> {
    /// The lists, read once: the rule runs on every node of its kinds.
    fn cached(meta: &'static RuleMeta) -> &'static Lists<'static> {
        static LISTS: std::sync::OnceLock<Lists<'static>> = std::sync::OnceLock::new();
        LISTS.get_or_init(|| Lists::of(meta))
    }
}

impl<'m> Lists<'m> {
    fn of(meta: &'static RuleMeta) -> Self {
        Lists {
            capability_names: meta.data_strings("capability_names"),
            object_names: meta.data_strings("object_names"),
            object_calls: meta.data_strings("object_calls"),
            object_types: meta.data_strings("object_types"),
            list_changed: meta.data_strings("list_changed"),
            subscribe_flag: meta.data_strings("subscribe_flag"),
            subscribe_calls: meta.data_strings("subscribe_calls"),
            subscribe_receivers: meta.data_strings("subscribe_receivers").iter().map(|s| s.to_string()).collect(),
            subscribe_methods: meta.data_strings("subscribe_methods"),
            emptiness_calls: meta.data_strings("emptiness_calls"),
            key_calls: meta.data_strings("key_calls"),
            feature_calls: meta
                .data
                .get("feature_calls")
                .and_then(|v| v.as_table())
                .unwrap_or_else(|| EMPTY.get_or_init(toml::Table::new)),
        }
    }

    fn is_feature_call(&self, capability: &str, name: &str) -> bool {
        self.feature_calls
            .get(capability)
            .and_then(|v| v.as_array())
            .is_some_and(|a| a.iter().any(|v| v.as_str() == Some(name)))
    }
}

/// Lower case without `_` or a leading underscore: `_serverCapabilities` → `servercapabilities`.
fn norm(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, '_' | '#')).flat_map(char::to_lowercase).collect()
}

impl Rule for CapabilityTruthiness {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        vec![Kind::Call, Kind::Binary, Kind::If, Kind::Var]
    }

    /// Its own code reads every node it is offered.
    fn own_kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        self.kinds(meta)
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        // `capabilities.tools` means something else outside MCP code.
        if !cx.mcp() {
            return;
        }
        let lists = Lists::cached(cx.meta());
        let python = cx.lang() == crate::tree::Lang::Python;
        match node.kind() {
            Kind::Call if python => python_bool_or_len(node, lists, cx),
            Kind::Call => {
                emptiness_call(node, lists, cx);
            }
            Kind::Binary => {
                emptiness_compare(node, lists, cx);
                if node.text() == "&&" {
                    if let (Some(left), Some(right)) = (node.child(Role::Left), node.child(Role::Right)) {
                        guard(left, right, lists, cx);
                    }
                }
            }
            Kind::If => {
                if python && node.child(Role::Cond).is_some_and(|c| python_truthiness(c, lists, cx)) {
                    return;
                }
                if let (Some(cond), Some(then)) = (node.child(Role::Cond), node.child(Role::Then)) {
                    guard(cond, then, lists, cx);
                }
            }
            Kind::Var => list_changed_as_support(node, lists, cx),
            _ => {}
        }
    }
}

/// Strips wrappers that keep the value: `x!`, `await x`, `x?`, `&x`, `(x ?? {})`, `x || {}`.
fn strip(mut node: NodeRef<'_>) -> NodeRef<'_> {
    loop {
        match node.kind() {
            // Not `!`: a negation is a different value.
            Kind::Unary if matches!(node.text(), "await" | "?" | "&" | "*") => {
                match node.children().next() {
                    Some(c) => node = c,
                    None => return node,
                }
            }
            Kind::Binary if matches!(node.text(), "??" | "||") => match node.child(Role::Left) {
                Some(l) => node = l,
                None => return node,
            },
            Kind::Call if matches!(node.call_name(), Some("as_ref" | "as_deref" | "clone" | "unwrap" | "cloned")) => {
                match node.receiver() {
                    Some(r) => node = r,
                    None => return node,
                }
            }
            _ => return node,
        }
    }
}

/// Whether a node is the capability set: `capabilities`, `x.serverCapabilities`,
/// `client.getServerCapabilities()`, `peer_info().capabilities`, a `ServerCapabilities` value,
/// or a variable assigned from one of these.
fn is_capability_object(node: NodeRef<'_>, lists: &Lists<'_>, depth: u8) -> bool {
    let node = strip(node);
    match node.kind() {
        Kind::Member => lists.object_names.contains(&norm(node.text()).as_str()),
        // `init["capabilities"]`, `result.get("capabilities")` in raw JSON.
        Kind::Index => node
            .child(Role::Index)
            .and_then(|i| i.str_value())
            .is_some_and(|k| lists.object_names.contains(&norm(k).as_str())),
        Kind::Call if node.call_name() == Some("get") => node
            .arg(0)
            .and_then(|a| a.str_value())
            .is_some_and(|k| lists.object_names.contains(&norm(k).as_str())),
        Kind::Call => node.call_name().is_some_and(|n| lists.object_calls.contains(&norm(n).as_str())),
        Kind::Ident => {
            if lists.object_names.contains(&norm(node.text()).as_str()) {
                return true;
            }
            if depth > 4 {
                return false;
            }
            let Some(decl) = patterns::declaration_of(node).filter(|d| d.child(Role::Pattern).is_none()) else {
                return false;
            };
            if decl.child(Role::Type).is_some_and(|t| patterns::type_names(t).iter().any(|n| lists.object_types.contains(n))) {
                return true;
            }
            decl.child(Role::Init).is_some_and(|init| is_capability_object(init, lists, depth + 1))
        }
        _ => false,
    }
}

/// The capability a node reads: `caps.resources`, `caps?.["tools"]`, `caps.get("tools")`,
/// or a variable assigned from one of these.
fn capability_of<'m>(node: NodeRef<'_>, lists: &Lists<'m>, depth: u8) -> Option<&'m str> {
    let node = strip(node);
    let name = match node.kind() {
        Kind::Member => {
            let object = node.object()?;
            lists.capability_names.iter().find(|c| **c == node.text()).filter(|_| is_capability_object(object, lists, 0))
        }
        Kind::Index => {
            let object = node.object()?;
            let key = node.child(Role::Index)?.str_value()?;
            lists.capability_names.iter().find(|c| **c == key).filter(|_| is_capability_object(object, lists, 0))
        }
        Kind::Call if node.call_name() == Some("get") => {
            let object = node.receiver()?;
            let key = node.arg(0)?.str_value()?;
            lists.capability_names.iter().find(|c| **c == key).filter(|_| is_capability_object(object, lists, 0))
        }
        Kind::Ident if depth < 4 => {
            let decl = patterns::declaration_of(node).filter(|d| d.child(Role::Pattern).is_none())?;
            return capability_of(decl.child(Role::Init)?, lists, depth + 1);
        }
        _ => None,
    };
    name.copied()
}

/// `Object.keys(caps.resources).length`, `_.isEmpty(capabilities.tools)`, `.as_bool()` on a
/// capability value, `caps["resources"].as_object().map_or(false, |o| !o.is_empty())`.
fn emptiness_call(call: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let Some(name) = call.call_name() else { return };
    // `Object.keys(x).length`
    if lists.key_calls.contains(&name) && call.receiver().is_some_and(|r| r.is_ident("Object")) {
        let Some(cap) = call.arg(0).and_then(|a| capability_of(a, lists, 0)) else { return };
        let counted = call
            .parent()
            .is_some_and(|p| p.kind() == Kind::Member && p.text() == "length" && call.role() == Role::Object);
        if counted {
            let fix = key_count_fix(call, cx);
            report_emptiness(call, cap, &format!("counts the keys of capability `{cap}`"), fix, cx);
        }
        return;
    }
    // `isEmpty(x)`, `_.isEmpty(x)`
    if lists.emptiness_calls.contains(&name) {
        if let Some(arg) = call.arg(0) {
            if let Some(cap) = capability_of(arg, lists, 0) {
                let fix = replace_with_presence(call, arg, false, cx);
                report_emptiness(call, cap, &format!("tests capability `{cap}` with `{name}`"), fix, cx);
            }
        }
        return;
    }
    let Some(receiver) = call.receiver() else { return };
    match name {
        // `caps["tools"].as_bool()`
        "as_bool" => {
            if let Some(cap) = capability_of(receiver, lists, 0) {
                let fix = as_bool_fix(receiver, call, cx);
                let diag = cx.report(
                    call,
                    format!("reads capability `{cap}` with `as_bool()`, which is always `None` for its object value `{{}}`"),
                );
                attach(diag, fix);
            }
        }
        // `caps.get("tools").and_then(Value::as_bool)`
        "and_then" | "map" | "map_or" | "is_some_and" => {
            let Some(cap) = capability_of(receiver, lists, 0) else { return };
            if call.args().any(|a| reads_as_bool(a)) {
                let fix = (name == "and_then").then(|| as_bool_fix(receiver, call, cx)).flatten();
                let diag = cx.report(
                    call,
                    format!("reads capability `{cap}` as a boolean, which is always `None`/`false` for its object value `{{}}`"),
                );
                attach(diag, fix);
            }
        }
        // `caps["resources"].as_object().map_or(false, |o| !o.is_empty())`
        "as_object" => {
            let Some(cap) = capability_of(receiver, lists, 0) else { return };
            if chain_counts_entries(call) {
                let fix = as_object_fix(call);
                report_emptiness(call, cap, &format!("judges capability `{cap}` by whether its object has entries"), fix, cx);
            }
        }
        _ => {}
    }
}

/// `Value::as_bool` as a function value, or a closure that calls `.as_bool()`.
fn reads_as_bool(arg: NodeRef<'_>) -> bool {
    match arg.kind() {
        Kind::Member | Kind::Ident => arg.text() == "as_bool",
        Kind::Fn => arg.descendants().any(|d| d.kind() == Kind::Call && d.call_name() == Some("as_bool")),
        _ => false,
    }
}

/// Whether the calls chained on `as_object()` count its entries (`is_empty`, `len`), directly
/// or in a closure.
fn chain_counts_entries(as_object: NodeRef<'_>) -> bool {
    let mut cur = as_object;
    for _ in 0..4 {
        let Some(member) = cur.parent().filter(|p| p.kind() == Kind::Member && cur.role() == Role::Object) else {
            return false;
        };
        let Some(call) = member.parent().filter(|c| c.kind() == Kind::Call && member.role() == Role::Callee) else {
            return false;
        };
        if matches!(member.text(), "is_empty" | "len") {
            return true;
        }
        if call.args().any(|a| {
            a.kind() == Kind::Fn
                && a.descendants().any(|d| d.kind() == Kind::Call && matches!(d.call_name(), Some("is_empty" | "len")))
        }) {
            return true;
        }
        cur = call;
    }
    false
}

/// `JSON.stringify(caps.prompts) !== '{}'`, `caps.tools === true`.
fn emptiness_compare(bin: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    if !matches!(bin.text(), "==" | "===" | "!=" | "!==") {
        return;
    }
    let (Some(left), Some(right)) = (bin.child(Role::Left), bin.child(Role::Right)) else { return };
    for (a, b) in [(left, right), (right, left)] {
        if b.str_value().is_some_and(|s| s.trim() == "{}")
            && a.kind() == Kind::Call
            && a.call_name() == Some("stringify")
            && a.receiver().is_some_and(|r| r.is_ident("JSON"))
        {
            if let Some(x) = a.arg(0) {
                if let Some(cap) = capability_of(x, lists, 0) {
                    let fix = compare_fix(bin, x, false, cx);
                    report_emptiness(bin, cap, &format!("compares capability `{cap}` with `'{{}}'`"), fix, cx);
                    return;
                }
            }
        }
        if b.kind() == Kind::Bool && b.text() == "true" {
            if let Some(cap) = capability_of(a, lists, 0) {
                let fix = compare_fix(bin, a, true, cx);
                let diag = cx.report(
                    bin,
                    format!("compares capability `{cap}` with `true`; its value is an object (`{{}}` when supported), never `true`"),
                );
                attach(diag, fix);
                return;
            }
        }
    }
}

fn report_emptiness(node: NodeRef<'_>, cap: &str, what: &str, fix: Option<Fix>, cx: &mut FileCx<'_>) {
    let diag = cx.report(
        node,
        format!("{what}: `{cap}: {{}}` means supported with no sub-features, so an empty capability reads as missing"),
    );
    attach(diag, fix);
}

fn attach(diag: &mut crate::diagnostic::Diagnostic, fix: Option<Fix>) {
    if let Some(fix) = fix {
        diag.with_fix(fix);
    }
}

/// Capability reads in a condition: `(capability, node, reads listChanged)`. Reads of the
/// `subscribe` flag are returned as `None` so callers can tell that the condition already tests
/// the right feature.
fn capability_reads<'t, 'm>(cond: NodeRef<'t>, lists: &Lists<'m>) -> (Vec<(&'m str, NodeRef<'t>, bool)>, bool) {
    let mut reads = Vec::new();
    let mut tests_subscribe = false;
    for n in std::iter::once(cond).chain(cond.descendants()) {
        // Inner functions are not part of the condition.
        if n.kind() == Kind::Fn {
            continue;
        }
        if n.kind() == Kind::Member && n.role() != Role::Callee && lists.subscribe_flag.contains(&n.text()) {
            tests_subscribe = true;
        }
        if let Some(cap) = capability_of(n, lists, 0) {
            let list_changed = reads_list_changed(n, lists);
            if !reads.iter().any(|(_, r, _): &(&str, NodeRef<'_>, bool)| r.contains(n)) {
                reads.push((cap, n, list_changed));
            }
        }
    }
    (reads, tests_subscribe)
}

/// Whether a capability read goes on to its `listChanged`: `caps.tools?.listChanged`, or in
/// Rust `caps.tools.as_ref().and_then(|t| t.list_changed)`.
fn reads_list_changed(read: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    let is_flag = |n: NodeRef<'_>| n.kind() == Kind::Member && lists.list_changed.contains(&n.text());
    let mut cur = read;
    for _ in 0..6 {
        let Some(parent) = cur.parent().filter(|p| cur.role() == Role::Object && p.kind() == Kind::Member) else {
            return false;
        };
        if is_flag(parent) {
            return true;
        }
        let Some(call) = parent.parent().filter(|c| parent.role() == Role::Callee && c.kind() == Kind::Call) else {
            return false;
        };
        if call.args().any(|a| a.kind() == Kind::Fn && a.descendants().any(is_flag)) {
            return true;
        }
        cur = call;
    }
    false
}

/// A condition (or the left of `&&`) on a capability guarding a call in `body`.
fn guard(cond: NodeRef<'_>, body: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let (reads, tests_subscribe) = capability_reads(cond, lists);
    if reads.is_empty() {
        return;
    }
    // Conflation of `resources` (or its `listChanged`) with `resources.subscribe`.
    if !tests_subscribe {
        if let Some((cap, at, list_changed)) = reads.iter().find(|(c, _, _)| *c == "resources") {
            if let Some(call) = subscription_call(body, lists).filter(|c| !inner_capability_guard(*c, body, lists)) {
                let what = if *list_changed { format!("`{cap}.listChanged`") } else { format!("capability `{cap}`") };
                let callee = call.call_name().filter(|n| lists.subscribe_calls.contains(n) || *n == "subscribe");
                let guarded = match callee {
                    Some(name) => format!("`{name}`"),
                    None => "a `resources/subscribe` request".to_string(),
                };
                let fix = subscribe_fix(*at, *list_changed, cx);
                let diag = cx
                    .report(*at, format!("{what} guards {guarded}: subscribing is the separate `resources.subscribe` feature"));
                diag.with_level(Level::Warning);
                attach(diag, fix);
                return;
            }
        }
    }
    // `listChanged` used as "the feature is supported".
    for (cap, at, list_changed) in &reads {
        if !*list_changed {
            continue;
        }
        if let Some(call) = feature_call(body, cap, lists) {
            let name = call.call_name().unwrap_or_default();
            let fix = list_changed_fix(*at, cx);
            let diag = cx.report(
                *at,
                format!("`{cap}.listChanged` guards `{name}`: it says whether the list can change, not whether `{cap}` is supported"),
            );
            diag.with_level(Level::Warning);
            attach(diag, fix);
            return;
        }
    }
}

/// Whether a call inside `body` has a nearer guard that reads the `resources` capability; that
/// guard reports it, so the finding is made once.
fn inner_capability_guard(node: NodeRef<'_>, body: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    node.ancestors().take_while(|a| *a != body).any(|a| {
        let cond = match a.kind() {
            Kind::If => a.child(Role::Cond),
            Kind::Binary if a.text() == "&&" => a.child(Role::Left),
            _ => None,
        };
        cond.filter(|c| !c.contains(node)).is_some_and(|c| capability_reads(c, lists).0.iter().any(|(cap, _, _)| *cap == "resources"))
    })
}

/// A subscription call in `body` that is not itself behind a test of the `subscribe` flag.
fn subscription_call<'t>(body: NodeRef<'t>, lists: &Lists<'_>) -> Option<NodeRef<'t>> {
    std::iter::once(body).chain(body.descendants()).find(|n| {
        if n.kind() != Kind::Call {
            return false;
        }
        let by_name = n.call_name().is_some_and(|name| {
            lists.subscribe_calls.contains(&name)
                || (name == "subscribe" && n.receiver().is_some_and(|r| patterns::receiver_matches(&lists.subscribe_receivers, r)))
        });
        let by_method = n.args().any(|a| {
            a.str_value().is_some_and(|s| lists.subscribe_methods.contains(&s))
                || (a.kind() == Kind::Object && a.field("method").and_then(|m| m.str_value()).is_some_and(|s| lists.subscribe_methods.contains(&s)))
        });
        (by_name || by_method) && !guarded_by_subscribe_flag(*n, body, lists)
    })
}

/// Whether a node inside `body` sits behind an inner test of the `subscribe` flag.
fn guarded_by_subscribe_flag(node: NodeRef<'_>, body: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    for a in node.ancestors() {
        if a == body {
            break;
        }
        let cond = match a.kind() {
            Kind::If => a.child(Role::Cond),
            Kind::Binary if a.text() == "&&" => a.child(Role::Left),
            _ => None,
        };
        if let Some(c) = cond.filter(|c| !c.contains(node)) {
            if std::iter::once(c).chain(c.descendants()).any(|d| d.kind() == Kind::Member && lists.subscribe_flag.contains(&d.text())) {
                return true;
            }
        }
    }
    false
}

/// A call of the feature itself (`listTools`, `call_tool`) made by `body` when it runs; calls
/// in callbacks it registers (a list-changed handler that re-lists) are not.
fn feature_call<'t>(body: NodeRef<'t>, cap: &str, lists: &Lists<'_>) -> Option<NodeRef<'t>> {
    std::iter::once(body).chain(body.descendants()).find(|n| {
        n.kind() == Kind::Call
            && n.call_name().is_some_and(|name| lists.is_feature_call(cap, name))
            && !n.ancestors().take_while(|a| *a != body).any(|a| a.kind() == Kind::Fn)
    })
}

/// `const hasTools = caps.tools?.listChanged`: a flag named for support of the feature that is
/// assigned from its `listChanged`.
fn list_changed_as_support(var: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let Some(init) = var.child(Role::Init) else { return };
    let name = norm(var.text());
    let says_support = ["has", "supports", "support", "can", "is", "enabled"].iter().any(|p| name.starts_with(p))
        || name.ends_with("supported")
        || name.ends_with("enabled");
    if !says_support || name.contains("change") || name.contains("notif") {
        return;
    }
    let (reads, _) = capability_reads(init, lists);
    for (cap, at, list_changed) in reads {
        let feature = cap.trim_end_matches('s');
        if list_changed && name.contains(feature) {
            let fix = list_changed_fix(at, cx);
            let diag = cx.report(
                at,
                format!("`{}` is set from `{cap}.listChanged`, which says whether the list can change, not whether `{cap}` is supported", var.text()),
            );
            diag.with_level(Level::Warning);
            attach(diag, fix);
            return;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Python turns truthiness around: on raw JSON a capability is a `dict`, and an empty `{}` —
// "supported, no sub-features" — is falsy, so `if caps.get("resources"):`,
// `bool(caps["roots"])` and `len(caps["tools"]) > 0` read it as absent. An SDK model
// (`ServerCapabilities`) is read by attribute (`caps.resources`) and is truthy even when empty:
// a presence check, not a finding (unless it guards a subscription, see [`guard`]).

/// A capability read from a `dict` (`caps["tools"]`, `caps.get("tools")`), and the object and
/// key literal it reads, for the fix.
fn dict_capability<'t, 'm>(node: NodeRef<'t>, lists: &Lists<'m>) -> Option<(&'m str, Option<(NodeRef<'t>, NodeRef<'t>)>)> {
    let node = strip(node);
    match node.kind() {
        Kind::Index => {
            let cap = capability_of(node, lists, 0)?;
            Some((cap, node.object().zip(node.child(Role::Index))))
        }
        Kind::Call if node.call_name() == Some("get") => {
            let cap = capability_of(node, lists, 0)?;
            Some((cap, node.receiver().zip(node.arg(0))))
        }
        // `resources = caps.get("resources")` … `if resources:`
        Kind::Ident => {
            let decl = patterns::declaration_of(node).filter(|d| d.child(Role::Pattern).is_none())?;
            let init = strip(decl.child(Role::Init)?);
            matches!(init.kind(), Kind::Index | Kind::Call).then_some(())?;
            dict_capability(init, lists).map(|(cap, _)| (cap, None))
        }
        _ => None,
    }
}

/// The truthiness tests of a condition: the condition itself and, through `and`, `or` and
/// `not`, its operands. Reports each that reads a `dict` capability; whether any did.
fn python_truthiness(cond: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) -> bool {
    let mut found = false;
    let mut stack = vec![cond];
    while let Some(test) = stack.pop() {
        match test.kind() {
            Kind::Binary if matches!(test.text(), "&&" | "||") => {
                stack.extend(test.child(Role::Right));
                stack.extend(test.child(Role::Left));
            }
            Kind::Unary if test.text() == "!" => stack.extend(test.children().next()),
            _ => {
                if let Some((cap, parts)) = dict_capability(test, lists) {
                    // The fix replaces the whole test, with its `not`.
                    let at = match test.parent() {
                        Some(p) if p.kind() == Kind::Unary && p.text() == "!" => p,
                        _ => test,
                    };
                    let fix = parts.and_then(|(object, key)| python_presence_fix(at, object, key, at == test, cx));
                    report_emptiness(at, cap, &format!("tests capability `{cap}` for truthiness"), fix, cx);
                    found = true;
                }
            }
        }
    }
    found
}

/// `bool(caps["roots"])`, `len(caps["resources"]) > 0`.
fn python_bool_or_len(call: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let Some(name) = call.callee().filter(|c| c.kind() == Kind::Ident).map(|c| c.text()) else { return };
    if !matches!(name, "bool" | "len") || call.args().count() != 1 {
        return;
    }
    let Some((cap, parts)) = call.arg(0).and_then(|a| dict_capability(a, lists)) else { return };
    // What the call's value says: a comparison of the length, a `not`, or the call itself.
    let (at, present) = match call.parent() {
        Some(b) if name == "len" && b.kind() == Kind::Binary && call.role() == Role::Left => {
            match (b.text(), b.child(Role::Right).and_then(|r| r.int())) {
                (">" | "!=", Some(0)) | (">=", Some(1)) => (b, Some(true)),
                ("==" | "<=", Some(0)) | ("<", Some(1)) => (b, Some(false)),
                _ => (b, None),
            }
        }
        Some(u) if u.kind() == Kind::Unary && u.text() == "!" => (u, Some(false)),
        _ => (call, Some(true)),
    };
    let fix = match (parts, present) {
        (Some((object, key)), Some(present)) => python_presence_fix(at, object, key, present, cx),
        _ => None,
    };
    let what = if name == "len" { format!("counts the entries of capability `{cap}`") } else { format!("tests capability `{cap}` with `bool()`") };
    report_emptiness(at, cap, &what, fix, cx);
}

/// Replaces a Python test by a key test on the capability object: `"resources" in caps` (or
/// `not in` for a test of absence), which holds for `{}` and whatever default `get` was given.
fn python_presence_fix(test: NodeRef<'_>, object: NodeRef<'_>, key: NodeRef<'_>, present: bool, cx: &FileCx<'_>) -> Option<Fix> {
    // Only an object that binds tighter than `in` and a plain key literal.
    if !matches!(object.kind(), Kind::Ident | Kind::Member | Kind::Index | Kind::Call) || key.kind() != Kind::Str {
        return None;
    }
    if !plain_condition(test) {
        return None;
    }
    let with = format!("{} {} {}", cx.text(key), if present { "in" } else { "not in" }, cx.text(object));
    Some(Fix::safe(format!("Test for presence: `{with}`"), vec![Edit::replace(test.span(), with)]))
}

// ---------------------------------------------------------------------------------------------
// Fixes: a test of emptiness, truthiness or `listChanged` that stands for "supported" becomes a
// presence test, and a guard of a subscription tests the `subscribe` flag. Each is built where
// the finding is made, and only where the test is used as a plain condition.

/// `x ?? {}` / `x || {}` → `x`: the default only hid absence from the emptiness test.
fn without_empty_default(node: NodeRef<'_>) -> NodeRef<'_> {
    match (node.kind(), node.child(Role::Left), node.child(Role::Right)) {
        (Kind::Binary, Some(l), Some(r))
            if matches!(node.text(), "??" | "||") && r.kind() == Kind::Object && r.children().next().is_none() =>
        {
            l
        }
        _ => node,
    }
}

/// `x !== undefined` or `x === undefined` (TS).
fn presence_test(cap: NodeRef<'_>, present: bool, cx: &FileCx<'_>) -> String {
    format!("{} {} undefined", cx.text(without_empty_default(cap)), if present { "!==" } else { "===" })
}

/// Whether an expression stands where a comparison can replace it without parentheses.
fn plain_condition(expr: NodeRef<'_>) -> bool {
    let Some(parent) = expr.parent() else { return false };
    match parent.kind() {
        Kind::If | Kind::Loop => expr.role() == Role::Cond,
        Kind::Binary => matches!(parent.text(), "&&" | "||"),
        Kind::Var | Kind::Return | Kind::Pair => true,
        Kind::Assign => expr.role() == Role::Right,
        Kind::Call => expr.role() == Role::Arg,
        _ => false,
    }
}

/// Replaces a TS test (`expr`) by a presence test of `cap`. Under `!` the negation is folded in;
/// a test already made on the left of `&&` is dropped rather than repeated.
fn replace_with_presence(expr: NodeRef<'_>, cap: NodeRef<'_>, present: bool, cx: &FileCx<'_>) -> Option<Fix> {
    if cx.lang() != crate::tree::Lang::TypeScript {
        return None;
    }
    let (expr, present) = match expr.parent() {
        Some(p) if p.kind() == Kind::Unary && p.text() == "!" => (p, !present),
        _ => (expr, present),
    };
    if !plain_condition(expr) {
        return None;
    }
    let with = presence_test(cap, present, cx);
    if let Some(left) = expr.parent().filter(|p| p.kind() == Kind::Binary && p.text() == "&&" && expr.role() == Role::Right).and_then(|p| p.child(Role::Left)) {
        if crate::engine::normalized(cx.text(left)) == with {
            return Some(Fix::safe(format!("Drop the repeated test, `{with}` is already made"), vec![Edit::delete((left.end(), expr.end()))]));
        }
    }
    Some(Fix::safe(format!("Test for presence: `{with}`"), vec![Edit::replace(expr.span(), with)]))
}

/// `Object.keys(x).length > 0` → `x !== undefined`, `… === 0` → `x === undefined`.
fn key_count_fix(keys_call: NodeRef<'_>, cx: &FileCx<'_>) -> Option<Fix> {
    let cap = keys_call.arg(0)?;
    let length = keys_call.parent()?;
    let compare = length.parent().filter(|b| b.kind() == Kind::Binary && length.role() == Role::Left)?;
    let present = match (compare.text(), compare.child(Role::Right)?.int()?) {
        (">" | "!==" | "!=", 0) | (">=", 1) => true,
        ("===" | "==" | "<=", 0) | ("<", 1) => false,
        _ => return None,
    };
    replace_with_presence(compare, cap, present, cx)
}

/// `JSON.stringify(x) !== '{}'` → `x !== undefined`; `x === true` → `x !== undefined`.
fn compare_fix(bin: NodeRef<'_>, cap: NodeRef<'_>, equal_means_present: bool, cx: &FileCx<'_>) -> Option<Fix> {
    let equal = matches!(bin.text(), "==" | "===");
    replace_with_presence(bin, cap, equal == equal_means_present, cx)
}

/// rmcp / serde_json: `x.as_object().map_or(false, |o| !o.is_empty())` → `x.as_object().is_some()`
/// (also `is_some_and(…)`, and the `is_none()` forms of `map_or(true, |o| o.is_empty())`).
fn as_object_fix(as_object: NodeRef<'_>) -> Option<Fix> {
    let member = as_object.parent().filter(|m| m.kind() == Kind::Member && as_object.role() == Role::Object)?;
    let call = member.parent().filter(|c| c.kind() == Kind::Call && member.role() == Role::Callee)?;
    let closure = call.args().last().filter(|a| a.kind() == Kind::Fn)?;
    let param = closure.child(Role::Param)?;
    let non_empty = counts_as_non_empty(closure.child(Role::Body)?, param.text())?;
    let present = match (member.text(), call.arg(0).filter(|a| a.kind() == Kind::Bool).map(|b| b.text())) {
        ("map_or", Some("false")) if non_empty => true,
        ("map_or", Some("true")) if !non_empty => false,
        ("is_some_and", None) if non_empty => true,
        ("is_none_or", None) if !non_empty => false,
        _ => return None,
    };
    let with = if present { ".is_some()" } else { ".is_none()" };
    Some(Fix::safe(format!("Test for presence: `as_object(){with}`"), vec![Edit::replace((as_object.end(), call.end()), with)]))
}

/// A closure body over an object `param` that tests it for entries: `Some(true)` for
/// `!o.is_empty()` / `o.len() > 0`, `Some(false)` for `o.is_empty()` / `o.len() == 0`.
fn counts_as_non_empty(body: NodeRef<'_>, param: &str) -> Option<bool> {
    let on_param = |call: NodeRef<'_>, name: &str| {
        call.kind() == Kind::Call && call.call_name() == Some(name) && call.receiver().is_some_and(|r| r.is_ident(param))
    };
    match body.kind() {
        Kind::Unary if body.text() == "!" => body.children().next().filter(|c| on_param(*c, "is_empty")).map(|_| true),
        Kind::Call if on_param(body, "is_empty") => Some(false),
        Kind::Binary => {
            let (l, r) = (body.child(Role::Left)?, body.child(Role::Right)?);
            if !on_param(l, "len") || r.int() != Some(0) {
                return None;
            }
            match body.text() {
                ">" | "!=" => Some(true),
                "==" => Some(false),
                _ => None,
            }
        }
        _ => None,
    }
}

/// serde_json: `caps.get("tools").and_then(Value::as_bool).unwrap_or(false)` →
/// `caps.get("tools").is_some()`, `caps["prompts"].as_bool().unwrap_or(false)` →
/// `!caps["prompts"].is_null()`. `value` is the capability value, `read` the boolean read on it.
fn as_bool_fix(value: NodeRef<'_>, read: NodeRef<'_>, cx: &FileCx<'_>) -> Option<Fix> {
    let member = read.parent().filter(|m| m.kind() == Kind::Member && read.role() == Role::Object && m.text() == "unwrap_or")?;
    let unwrap = member.parent().filter(|c| c.kind() == Kind::Call && member.role() == Role::Callee)?;
    if unwrap.arg(0).is_none_or(|a| !(a.kind() == Kind::Bool && a.text() == "false")) {
        return None;
    }
    let edit = match value.kind() {
        Kind::Call if value.call_name() == Some("get") => Edit::replace((value.end(), unwrap.end()), ".is_some()"),
        Kind::Index => Edit::replace((value.start(), unwrap.end()), format!("!{}.is_null()", cx.text(value))),
        _ => return None,
    };
    Some(Fix::safe("Test for presence instead of a boolean", vec![edit]))
}

/// A guard of a subscription that reads `resources` (or its `listChanged`) tests the `subscribe`
/// flag instead: TS `caps.resources` → `caps.resources?.subscribe === true`; rmcp
/// `caps.resources.is_some()` → `caps.resources.as_ref().is_some_and(|r| r.subscribe == Some(true))`;
/// Python `caps.resources` → `caps.resources is not None and caps.resources.subscribe`.
fn subscribe_fix(read: NodeRef<'_>, list_changed: bool, cx: &FileCx<'_>) -> Option<Fix> {
    let message = "Test the `subscribe` flag";
    match cx.lang() {
        crate::tree::Lang::TypeScript => {
            let test = if list_changed { read.parent().filter(|m| m.kind() == Kind::Member)? } else { read };
            if !matches!(read.kind(), Kind::Member) || !plain_condition(test) {
                return None;
            }
            let with = format!("{}?.subscribe === true", cx.text(read));
            Some(Fix::safe(message, vec![Edit::replace(test.span(), with)]))
        }
        crate::tree::Lang::Rust => {
            let member = read.parent().filter(|m| m.kind() == Kind::Member && m.text() == "is_some" && !list_changed)?;
            let call = member.parent().filter(|c| c.kind() == Kind::Call && c.args().next().is_none())?;
            if read.kind() != Kind::Member || !plain_condition(call) {
                return None;
            }
            let with = format!("{}.as_ref().is_some_and(|r| r.subscribe == Some(true))", cx.text(read));
            Some(Fix::safe(message, vec![Edit::replace(call.span(), with)]))
        }
        // An SDK model: `caps.resources` → `caps.resources is not None and caps.resources.subscribe`.
        crate::tree::Lang::Python => {
            if read.kind() != Kind::Member || list_changed || !plain_condition(read) {
                return None;
            }
            let r = cx.text(read);
            Some(Fix::safe(message, vec![Edit::replace(read.span(), format!("{r} is not None and {r}.subscribe"))]))
        }
    }
}

/// `listChanged` standing for "supported" becomes a presence test: TS `caps.tools?.listChanged`
/// (or `… === true`) → `caps.tools !== undefined`; Python `caps.tools.listChanged` →
/// `caps.tools is not None`; rmcp
/// `caps.tools.as_ref().and_then(|t| t.list_changed).unwrap_or(false)` → `caps.tools.is_some()`.
fn list_changed_fix(read: NodeRef<'_>, cx: &FileCx<'_>) -> Option<Fix> {
    match cx.lang() {
        crate::tree::Lang::TypeScript => {
            let flag = read.parent().filter(|m| m.kind() == Kind::Member && read.role() == Role::Object)?;
            let test = match flag.parent() {
                Some(b) if b.kind() == Kind::Binary && matches!(b.text(), "===" | "==") => {
                    b.child(Role::Right).filter(|r| r.kind() == Kind::Bool && r.text() == "true").map(|_| b)?
                }
                _ => flag,
            };
            replace_with_presence(test, read, true, cx)
        }
        crate::tree::Lang::Rust => {
            // read `.as_ref()` `.and_then(|t| t.list_changed)` `.unwrap_or(false)`; the read may
            // be reported with its `as_ref()`.
            let read = match read.kind() {
                Kind::Call if read.call_name() == Some("as_ref") => read.receiver()?,
                _ => read,
            };
            let mut cur = read;
            let mut names = Vec::new();
            while let Some(call) = cur
                .parent()
                .filter(|m| m.kind() == Kind::Member && cur.role() == Role::Object)
                .and_then(|m| m.parent().filter(|c| c.kind() == Kind::Call && m.role() == Role::Callee))
            {
                names.push(call.call_name().unwrap_or_default());
                cur = call;
                if names.len() == 3 {
                    break;
                }
            }
            let last_false = cur.arg(0).is_some_and(|a| a.kind() == Kind::Bool && a.text() == "false");
            (names == ["as_ref", "and_then", "unwrap_or"] && last_false && read.kind() == Kind::Member)
                .then(|| Fix::safe("Test for presence: `is_some()`", vec![Edit::replace((read.end(), cur.end()), ".is_some()")]))
        }
        // An SDK model: `caps.tools.listChanged` → `caps.tools is not None`.
        crate::tree::Lang::Python => {
            let flag = read.parent().filter(|m| m.kind() == Kind::Member && read.role() == Role::Object)?;
            if read.kind() != Kind::Member || !plain_condition(flag) {
                return None;
            }
            let with = format!("{} is not None", cx.text(read));
            Some(Fix::safe(format!("Test for presence: `{with}`"), vec![Edit::replace(flag.span(), with)]))
        }
    }
}
