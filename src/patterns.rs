//! The shared name-list matcher behind every `[[match]]` entry of `rules/*.toml`.
//!
//! Most legacy spellings are names: a header, a method, an SDK constant, a call, a trait
//! method. Keeping them as data means adding a spelling is a one-line change to the rule's
//! document (plus a fixture line), not new code. The questions a pattern can ask ("is this
//! string the method of a request?") are answered here once for both languages.

use crate::engine::FileCx;
use crate::rules::{Pattern, ValueIs, What};
use crate::tree::{flags, Kind, Lang, NodeRef, Role};

/// The node kinds a list of patterns looks at.
pub fn kinds(patterns: &[Pattern]) -> Vec<Kind> {
    patterns.iter().flat_map(pattern_kinds).collect()
}

/// The node kinds a pattern looks at: those of its `what`, and calls for a declaration pattern
/// that counts calls of the functions it names (`declarations = ["call"]`).
fn pattern_kinds(p: &Pattern) -> impl Iterator<Item = Kind> + '_ {
    let calls = p.what == What::Declaration && p.declarations.iter().any(|d| d == "call");
    kinds_of(p.what).iter().copied().chain(calls.then_some(Kind::Call))
}

fn kinds_of(what: What) -> &'static [Kind] {
    match what {
        What::String | What::Method => &[Kind::Str, Kind::Pair],
        // A struct literal (`InitializeResult { … }`) is an `Object` named for its type.
        What::Ident => &[Kind::Ident, Kind::Member, Kind::Type, Kind::Object],
        // A member stubbed or checked by a test stands for the call (`server.createMessage =
        // jest.fn()`, `expect(server.createMessage).toHaveBeenCalled()`); a Python decorator
        // calls what it names (`@server.set_logging_level()`).
        What::Call => &[Kind::Call, Kind::Member, Kind::Attribute],
        What::Fn => &[Kind::Fn],
        // `capabilities.logging = {}` sets a key as well as `capabilities: { logging: {} }`.
        What::Key => &[Kind::Pair, Kind::Assign],
        What::Implements | What::Declares => &[Kind::Container],
        What::Declaration => &[Kind::Fn, Kind::Field, Kind::Var, Kind::Param],
        // The module: constants branched on are found in one pass over the file.
        What::Number => &[Kind::Num, Kind::Module],
    }
}

/// The patterns of one rule that look at one node kind, and every name they compare the
/// node's name with (a string's value, an identifier, a call's name, a key): most nodes match
/// none of them, and one set lookup turns them away.
#[derive(Debug, Default)]
pub struct Slot {
    pub patterns: Vec<u16>,
    /// The names by length (most lengths hold none or one), compared exactly or, for patterns
    /// with `ignore_case`, without case.
    exact: Vec<Vec<&'static str>>,
    folded: Vec<Vec<&'static str>>,
    /// Some pattern of the slot does not compare a name (`implements`, `number`, an empty list).
    unfiltered: bool,
}

impl Slot {
    /// Whether some pattern of the slot may match a node with this name.
    fn admits(&self, node: NodeRef<'_>) -> bool {
        self.admits_name(|| node_name(node))
    }

    /// Whether some pattern of the slot may match a node whose name `name` gives; the name is
    /// not asked for when no pattern of the slot compares one.
    pub fn admits_name<'n>(&self, name: impl FnOnce() -> &'n str) -> bool {
        if self.unfiltered {
            return true;
        }
        if self.exact.is_empty() && self.folded.is_empty() {
            return false;
        }
        let name = name();
        let len = name.len();
        self.exact.get(len).is_some_and(|b| b.contains(&name))
            || self.folded.get(len).is_some_and(|b| b.iter().any(|n| n.eq_ignore_ascii_case(name)))
    }

    /// Some pattern of the slot does not compare a name: every node is admitted.
    pub fn is_unfiltered(&self) -> bool {
        self.unfiltered
    }

    /// The names of several slots in one: it admits a name that one of them may admit (the
    /// slots compare names, see [`Slot::is_unfiltered`]).
    pub fn union<'s>(slots: impl Iterator<Item = &'s Slot>) -> Slot {
        let mut out = Slot::default();
        for slot in slots {
            out.unfiltered |= slot.unfiltered;
            for (by_len, ignore_case) in [(&slot.exact, false), (&slot.folded, true)] {
                for name in by_len.iter().flatten() {
                    out.add(name, ignore_case);
                }
            }
        }
        out
    }

    fn add(&mut self, name: &'static str, ignore_case: bool) {
        let by_len = if ignore_case { &mut self.folded } else { &mut self.exact };
        if by_len.len() <= name.len() {
            by_len.resize(name.len() + 1, Vec::new());
        }
        if let Some(bucket) = by_len.get_mut(name.len()) {
            bucket.push(name);
        }
    }
}

/// The name a pattern compares for a node: a call's callee name, an assignment's target, a
/// decorator's name, otherwise the node's own text.
pub fn node_name(node: NodeRef<'_>) -> &str {
    match node.kind() {
        Kind::Call => node.call_name().unwrap_or_default(),
        // `x.name = …`, and `x["name"] = …` (an `Index` has no text: its key's).
        Kind::Assign => node.child(Role::Left).map_or("", |target| match target.kind() {
            Kind::Index => target.child(Role::Index).filter(|k| k.kind() == Kind::Str).map_or("", |k| k.text()),
            _ => target.text(),
        }),
        Kind::Attribute => decorator_call(node).map_or("", |(_, name)| name),
        _ => node.text(),
    }
}

/// For each node kind, the slot of the patterns that look at it (the engine builds one per
/// rule, so a node is offered only to the patterns that can match it).
pub fn by_kind(patterns: &'static [Pattern]) -> Vec<Slot> {
    let mut out: Vec<Slot> = (0..=Kind::Other as usize).map(|_| Slot::default()).collect();
    for (i, p) in patterns.iter().enumerate() {
        let names: &'static [String] = match p.what {
            What::String | What::Method => &p.values,
            What::Ident | What::Call | What::Fn | What::Key | What::Declares => &p.names,
            What::Implements | What::Number | What::Declaration => &[],
        };
        for k in pattern_kinds(p) {
            let (Some(slot), Ok(i)) = (out.get_mut(k as usize), u16::try_from(i)) else { continue };
            slot.patterns.push(i);
            // A module is offered whole (constants branched on), whatever its name.
            // A value that may be one item of a list (`items`) is in no length bucket.
            slot.unfiltered |= names.is_empty() || k == Kind::Module || p.items;
            for n in names {
                slot.add(n, p.ignore_case);
            }
        }
    }
    out
}

/// Runs the current rule's patterns on one node; reports the first that matches.
pub fn check(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    check_unless(node, cx, |_| false);
}

/// Like [`check`], but a match is dropped when `exclude` holds for the node: a rule's own
/// condition that costs more than the name comparison runs only on the rare match.
pub fn check_unless(node: NodeRef<'_>, cx: &mut FileCx<'_>, exclude: impl Fn(NodeRef<'_>) -> bool) {
    if node.kind() == Kind::Module {
        check_constant_branches(node, cx);
        return;
    }
    if let Some((p, at, value)) = first_match(node, cx) {
        if !exclude(node) && !states_migrated(node, &value) {
            report(p, at, &value, cx);
        }
    }
}

/// Whether a match of the feature named `value` states the migrated behaviour rather than a
/// use: listed as refused, asserted absent, in a test of its being ignored, or sent by a test
/// only to show that it is refused.
pub fn states_migrated(node: NodeRef<'_>, value: &str) -> bool {
    listed_as_refused(node)
        || guards_a_refusal(node)
        || states_absence(node)
        || in_test_of_absence(node, value)
        || rejected_input(node)
}

/// A name tested in a condition whose branch turns the request away as an unknown method:
/// `if (['ping', 'initialize'].includes(method)) { return res.status(404).json({ error: { code:
/// -32601 } }) }`, `if (m === 'ping' || m === 'initialize') throw new ProtocolError(
/// ProtocolErrorCode.MethodNotFound, …)`, `if matches!(m, "ping") { return
/// Err(ErrorData::method_not_found::<…>()) }`. A branch that answers the request still serves it.
fn guards_a_refusal(node: NodeRef<'_>) -> bool {
    let mut cur = node;
    while let Some(p) = cur.parent() {
        if p.kind() == Kind::If && cur.role() == Role::Cond {
            return p.child(Role::Then).is_some_and(refuses_the_method);
        }
        let through = match p.kind() {
            Kind::Array => cur.role() == Role::Elem,
            Kind::Unary => matches!(p.text(), "&" | "*"),
            Kind::Member => cur.role() == Role::Object && matches!(p.text(), "includes" | "has" | "contains"),
            Kind::Call => cur.role() == Role::Callee,
            Kind::Binary => matches!(p.text(), "|" | "||" | "===" | "=="),
            Kind::Macro => p.text() == "matches",
            _ => false,
        };
        if !through {
            return returned_by_a_refusal_predicate(cur);
        }
        cur = p;
    }
    false
}

/// Whether a test is what a function named for what the code refuses returns
/// (`fn is_removed_method(m: &str) -> bool { matches!(m, "ping" | …) }`, `const isUnsupported =
/// (m) => m === 'ping'`): its callers turn the request away, as a guard would.
fn returned_by_a_refusal_predicate(test: NodeRef<'_>) -> bool {
    let mut cur = test;
    while let Some(p) = cur.parent() {
        match p.kind() {
            Kind::Return => {}
            // The last statement of a body is its value in Rust, and a `return` in TypeScript.
            Kind::Block if p.role() == Role::Body && p.children().last() == Some(cur) => {}
            Kind::Fn if cur.role() == Role::Body => {
                return name_words(function_name(p)).iter().any(|w| REFUSAL_WORDS.contains(&w.as_str()));
            }
            _ => return false,
        }
        cur = p;
    }
    false
}

/// Whether code answers "method not found": −32601, a name saying so (`MethodNotFound`,
/// `METHOD_NOT_FOUND`, `method_not_found`), or HTTP 404 / 405.
fn refuses_the_method(branch: NodeRef<'_>) -> bool {
    std::iter::once(branch).chain(branch.descendants()).any(|n| match n.kind() {
        Kind::Num => matches!(n.int(), Some(-32601 | 404 | 405)),
        Kind::Ident | Kind::Member => n.text().to_ascii_lowercase().replace('_', "") == "methodnotfound",
        _ => false,
    })
}

/// The value the current rule's patterns match in `node`, if one does (the check of
/// [`check_unless`] without the report).
pub fn matching(node: NodeRef<'_>, cx: &FileCx<'_>) -> Option<String> {
    first_match(node, cx).map(|(_, _, value)| value)
}

/// The first of the current rule's patterns that applies to this file and matches `node`,
/// with the node to report and the matched value.
fn first_match<'t>(node: NodeRef<'t>, cx: &FileCx<'_>) -> Option<(&'static Pattern, NodeRef<'t>, String)> {
    let slot = cx.patterns_for(node.kind()).filter(|slot| slot.admits(node))?;
    let meta = cx.meta();
    slot.patterns
        .iter()
        .filter_map(|&i| meta.patterns.get(usize::from(i)))
        .filter(|p| (cx.mcp() || !p.mcp_context) && in_language(p, cx.lang()))
        .find_map(|p| {
            matches(p, node)
                .filter(|(_, value)| !p.own_type || cx.project_declares(value))
                .map(|(at, value)| (p, at, value))
        })
}

/// Whether a pattern applies to files of `lang`.
fn in_language(p: &Pattern, lang: Lang) -> bool {
    p.languages.is_empty() || p.languages.iter().any(|l| l == lang.name())
}

/// Words of a collection's name that say the code refuses what it lists.
const REFUSAL_WORDS: &[&str] =
    &["removed", "unsupported", "rejected", "refused", "disallowed", "forbidden", "blocked", "denied"];

/// A name listed in a collection that the code names for what it refuses
/// (`const REMOVED_METHODS = [PingRequestMethod::VALUE, …]`, `new Set(['ping'])` bound to
/// `unsupportedMethods`), or a key of such a table (`removedMethods: { ping: { httpStatus: 404 }
/// }`): turning removed requests away is the migrated behaviour, not a use.
pub fn listed_as_refused(node: NodeRef<'_>) -> bool {
    // A key of a table of refused methods: `REMOVED_METHODS = { 'ping': { httpStatus: 404 } }`.
    let key = match (node.kind(), node.role()) {
        (Kind::Pair, _) => Some(node),
        (Kind::Str, Role::Key) => node.parent().filter(|p| p.kind() == Kind::Pair),
        _ => None,
    };
    if let Some(table) = key.and_then(|k| k.parent()).filter(|o| o.kind() == Kind::Object) {
        return bound_to_a_refusal(table);
    }
    let mut item = node;
    while let Some(p) =
        item.parent().filter(|p| matches!(p.kind(), Kind::Member | Kind::Index) && item.role() == Role::Object)
    {
        item = p;
    }
    let Some(list) = item.parent().filter(|p| {
        (p.kind() == Kind::Array && item.role() == Role::Elem)
            || (p.kind() == Kind::Macro && p.text() == "vec" && item.role() == Role::Arg)
    }) else {
        return false;
    };
    bound_to_a_refusal(list)
}

/// Whether a list or table is bound to a variable, field or key named for what the code refuses
/// (`REMOVED_METHODS`), through `&[…]`, `vec![…]`, `json!({…})`, `new Set([…])` or
/// `HashSet::from([…])`.
fn bound_to_a_refusal(collection: NodeRef<'_>) -> bool {
    let mut holder = collection.parent();
    for _ in 0..2 {
        match holder {
            Some(h) if matches!(h.kind(), Kind::Unary | Kind::Call | Kind::Macro) => holder = h.parent(),
            _ => break,
        }
    }
    holder.is_some_and(|h| {
        matches!(h.kind(), Kind::Var | Kind::Field | Kind::Pair)
            && name_words(h.text()).iter().any(|w| REFUSAL_WORDS.contains(&w.as_str()))
    })
}

fn report(p: &Pattern, at: NodeRef<'_>, value: &str, cx: &mut FileCx<'_>) {
    let template = p
        .compared
        .as_deref()
        .filter(|_| is_compared(at))
        .or_else(|| p.called.as_deref().filter(|_| at.kind() == Kind::Call || is_called_with_arguments(at)))
        .unwrap_or(&p.message);
    let mut message = restated_for_declarations(at, template.replace("{value}", value));
    if p.what == What::Call && at.kind() == Kind::Member {
        message = format!("a test stubs or checks `{value}`: the code under test {message}");
    }
    let diag = cx.report(at, message);
    if let Some(level) = p.level {
        diag.with_level(level);
    }
    if let Some(hint) = &p.hint {
        diag.with_hint(hint.clone());
    }
    diag.legacy_handler(p.legacy_handler);
    diag.sends = match p.what {
        What::Call => at.kind() == Kind::Call,
        // Building the project's own message type (`InitializeResult { … }`, `::new(…)`).
        What::Ident if p.own_type => builds(at),
        What::Method if p.sent => true,
        // A message call's argument (`Request::new(id, "ping")`), or the `method` of an object
        // that reaches a send call (`session.request({ method: 'ping' })`).
        What::Method | What::String => sent_by_message_call(at) || is_method_sent(at),
        _ => false,
    };
    if matches!(p.what, What::Method | What::String) && crate::context::is_mcp_method(value) {
        if let Some(target) = handler_target(at, value) {
            let noun = if value.starts_with("notifications/") { "notification" } else { "request" };
            cx.link(format!("handles the removed `{value}` {noun}"), target);
        }
    }
}

/// What a declaration does with a removed message's name, said as such: a type (a union
/// member, a type alias, an interface field), a schema (`method: z.literal('tasks/list')`, the
/// runtime form of a type) or a constant names it, it neither sends nor handles it. Messages of
/// other shapes are kept.
fn restated_for_declarations(at: NodeRef<'_>, message: String) -> String {
    let Some(rest) = message.strip_prefix("sends or handles ") else { return message };
    if at.kind() == Kind::Type || at.ancestors().any(|a| a.kind() == Kind::Type) {
        return format!("a type names {rest}");
    }
    if at.role() == Role::Arg && at.parent().is_some_and(|c| c.kind() == Kind::Call && c.call_name() == Some("literal"))
    {
        return format!("a schema names {rest}");
    }
    if declares_a_constant(at) {
        return format!("defines a constant for {rest}");
    }
    message
}

/// Whether a literal or name is the value of a constant: the initializer of a variable outside
/// any function (`pub const LIST: &str = "tasks/list";`, `export const PING = 'ping'`).
fn declares_a_constant(at: NodeRef<'_>) -> bool {
    let mut cur = at;
    while let Some(p) = cur.parent() {
        match p.kind() {
            Kind::Unary | Kind::Call | Kind::Macro if cur.role() == Role::Arg || cur.role() == Role::Operand => {}
            Kind::Var if cur.role() == Role::Init => return !p.ancestors().any(|a| a.kind() == Kind::Fn),
            _ => return false,
        }
        cur = p;
    }
    false
}

/// The handler a method name is routed to, when it is named rather than written in place: a
/// function passed next to the name (`app.map_handler(INIT, Self::init)`,
/// `setRequestHandler('ping', this.onPing)`), the value of a handler table's key
/// (`{ ping: onPing }`), or the call a dispatch arm makes (`"initialize" =>
/// meta_mcp.handle_initialize(…)`, whose name must then say which method it handles).
pub fn handler_target(at: NodeRef<'_>, method: &str) -> Option<crate::index::Target> {
    if at.kind() == Kind::Pair {
        return at.value().and_then(function_ref);
    }
    let node = converted(at, CONVERSIONS);
    let parent = node.parent()?;
    match (node.role(), parent.kind()) {
        (Role::Arg, Kind::Call) => parent.args().filter(|a| a.id() != node.id()).find_map(function_ref),
        (Role::Pattern, Kind::Case) => {
            let body = see_through(parent.child(Role::Body)?);
            let call = match body.kind() {
                Kind::Call => Some(body),
                Kind::Block => body.children().map(see_through).find(|s| s.kind() == Kind::Call),
                Kind::Return => body.children().next().map(see_through).filter(|c| c.kind() == Kind::Call),
                _ => None,
            }?;
            let target = call_target(call)?;
            names_the_method(target.name(), method).then_some(target)
        }
        _ => None,
    }
}

/// A function named where a handler goes: a name, a path (`Self::init`, `handlers::ping`), a
/// method of `this`/`self` (also `this.onPing.bind(this)`). An inline function is no link.
pub fn function_ref(expr: NodeRef<'_>) -> Option<crate::index::Target> {
    let mut expr = see_through(expr);
    if expr.kind() == Kind::Call && expr.call_name() == Some("bind") {
        expr = expr.receiver()?;
    }
    match expr.kind() {
        Kind::Ident => {
            // A local variable holds data, not a handler function.
            if declaration_of(expr)
                .is_some_and(|d| d.kind() == Kind::Param || d.value().is_some_and(|v| v.kind() != Kind::Fn))
            {
                return None;
            }
            Some(crate::index::Target::path(expr, vec![expr.text().to_string()]))
        }
        Kind::Member if expr.has_flag(flags::STATIC_PATH) => {
            Some(crate::index::Target::path(expr, expr.path_segments().iter().map(|s| s.to_string()).collect()))
        }
        Kind::Member if expr.object().is_some_and(|o| o.is_ident("this") || o.is_ident("self")) => {
            Some(crate::index::Target::method(expr, expr.text(), true, None))
        }
        _ => None,
    }
}

/// The function a call calls.
pub fn call_target(call: NodeRef<'_>) -> Option<crate::index::Target> {
    let callee = call.callee()?;
    let args = Some(call.args().count());
    match callee.kind() {
        Kind::Ident => Some(crate::index::Target::path(callee, vec![callee.text().to_string()])),
        Kind::Member if callee.has_flag(flags::STATIC_PATH) => {
            Some(crate::index::Target::path(callee, callee.path_segments().iter().map(|s| s.to_string()).collect()))
        }
        Kind::Member => {
            let on_self = callee.object().is_some_and(|o| o.is_ident("this") || o.is_ident("self"));
            Some(crate::index::Target::method(callee, callee.text(), on_self, args))
        }
        _ => None,
    }
}

/// Whether a function's name says it handles `method`: one of its words is (or abbreviates to
/// four letters or more) a word of the method's last segment (`handle_initialize`, `init`,
/// `on_ping`, `resource_subscribe`, `set_log_level`).
fn names_the_method(name: &str, method: &str) -> bool {
    let last = method.rsplit('/').next().unwrap_or(method);
    const GENERIC: [&str; 7] = ["set", "get", "list", "on", "handle", "do", "process"];
    let wanted: Vec<String> = name_words(last).into_iter().filter(|w| !GENERIC.contains(&w.as_str())).collect();
    name_words(name).iter().any(|w| {
        wanted.iter().any(|m| {
            m == w || (w.len() >= 4 && m.starts_with(w.as_str())) || (m.len() >= 4 && w.starts_with(m.as_str()))
        })
    })
}

/// Whether `text` holds `word` (lower case), ASCII case aside.
pub fn contains_ignore_case(text: &str, word: &str) -> bool {
    find_ignore_case(text, word).next().is_some()
}

/// Where `text` holds `word`, ASCII case aside, without building a lowered copy of `text`.
pub fn find_ignore_case<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.as_bytes()
        .windows(word.len())
        .enumerate()
        .filter(|(_, w)| w.eq_ignore_ascii_case(word.as_bytes()))
        .map(|(i, _)| i)
}

/// Whether a name's words say a phrase: its words in order, others allowed between them
/// (`last event id` in `set_last_event_id`, `set level` in `set_log_level`), only `gap_words`
/// where the pattern lists them.
fn says_phrase(words: &[String], phrase: &str, gap_words: &[String]) -> bool {
    let want: Vec<&str> = phrase.split_whitespace().collect();
    let Some(first) = want.first() else { return false };
    // From each place the first word stands, the others in order, with only gap words (any
    // word, when none are listed) between them.
    words.iter().enumerate().filter(|(_, w)| w.as_str() == *first).any(|(start, _)| {
        let mut next = 1;
        for w in words.iter().skip(start + 1) {
            if next == want.len() {
                break;
            }
            if w == want[next] {
                next += 1;
            } else if !gap_words.is_empty() && !gap_words.contains(w) {
                return false;
            }
        }
        next == want.len()
    })
}

/// Whether a type name stands where a value of it is built: a struct literal, `T::new(…)`,
/// `T::default()`, `new T(…)`.
fn builds(at: NodeRef<'_>) -> bool {
    match at.kind() {
        Kind::Object => true,
        Kind::Ident | Kind::Type => at.parent().is_some_and(|p| {
            (p.kind() == Kind::Member
                && p.has_flag(flags::STATIC_PATH)
                && p.role() == Role::Callee
                && at.role() == Role::Object)
                || (p.kind() == Kind::Call && p.has_flag(flags::NEW) && at.role() == Role::Callee)
        }),
        _ => false,
    }
}

/// The items of a comma-separated list in one string (`"Content-Type, Mcp-Session-Id"`),
/// trimmed.
pub fn list_items(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim)
}

/// Whether a string is `value` or holds it as one item of a comma-separated list.
fn equals_or_lists(text: &str, values: &[String], ignore_case: bool) -> bool {
    one_of(values, text, ignore_case)
        || (text.contains(',') && list_items(text).any(|i| one_of(values, i, ignore_case)))
}

/// Whether a binary operator compares: equality, inequality or order.
pub fn is_comparison(op: &str) -> bool {
    matches!(op, "==" | "===" | "!=" | "!==" | "<" | "<=" | ">" | ">=")
}

/// A function's name, or for an anonymous one the name it is bound to (`const isRemoved = (m)
/// => …`, `{ isRemoved: (m) => … }`); empty when it has neither.
pub fn function_name<'t>(f: NodeRef<'t>) -> &'t str {
    match f.text() {
        "" => f.parent().filter(|p| matches!(p.kind(), Kind::Var | Kind::Pair | Kind::Field)).map_or("", |p| p.text()),
        name => name,
    }
}

/// `x.task_support(Mode::Optional)`: the callee of a call that passes something.
fn is_called_with_arguments(node: NodeRef<'_>) -> bool {
    node.role() == Role::Callee && node.parent().is_some_and(|c| c.kind() == Kind::Call && c.args().next().is_some())
}

/// Whether a node is one side of a comparison: an operand of `==`, `!==`, `<`, `>=` … (through
/// `*v`, `&X` and `Some(X)`), an argument of `assert_eq!` / `assert_ne!`, or a `match` arm's
/// pattern.
fn is_compared(node: NodeRef<'_>) -> bool {
    let mut cur = node;
    while let Some(parent) = cur.parent() {
        match parent.kind() {
            Kind::Unary => cur = parent,
            Kind::Call if cur.role() == Role::Arg && parent.call_name() == Some("Some") => cur = parent,
            Kind::Binary => return is_comparison(parent.text()),
            Kind::Macro => {
                return cur.role() == Role::Arg
                    && matches!(parent.text(), "assert_eq" | "assert_ne" | "debug_assert_eq" | "debug_assert_ne")
            }
            Kind::Case => return cur.role() == Role::Pattern,
            _ => return false,
        }
    }
    false
}

/// `number` patterns: uses of a constant initialized with a listed number, where code branches
/// on them (`if (e.code === URL_REQUIRED)`). The definition itself is found as a literal.
fn check_constant_branches(root: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let meta = cx.meta();
    let numbered: Vec<&Pattern> =
        meta.patterns.iter().filter(|p| p.what == What::Number && (!p.mcp_context || cx.mcp())).collect();
    if numbered.is_empty() {
        return;
    }
    let constants = int_constants(root);
    if constants.is_empty() {
        return;
    }
    for node in root.descendants() {
        if !is_branch_operand(node) {
            continue;
        }
        let Some(v) = constant_value(&constants, node) else { continue };
        if let Some(p) = numbered.iter().find(|p| p.numbers.contains(&v)) {
            report(p, node, &v.to_string(), cx);
        }
    }
}

/// Same-file integer constants: `const X = -32042`, Rust `const X: i32 = -32_042`, TS enum
/// members and associated consts, keyed by (enclosing container or "", name). A name bound
/// to several different values is left out.
pub fn int_constants(root: NodeRef<'_>) -> std::collections::HashMap<(String, String), i64> {
    let mut out: std::collections::HashMap<(String, String), Option<i64>> = std::collections::HashMap::new();
    for node in root.descendants() {
        if !matches!(node.kind(), Kind::Var | Kind::Field) || node.text().is_empty() {
            continue;
        }
        let Some(init) = node.child(Role::Init) else { continue };
        let container =
            node.parent().filter(|p| p.kind() == Kind::Container).map(|c| c.text().to_string()).unwrap_or_default();
        let value = constant_init(init);
        let slot = out.entry((container, node.text().to_string())).or_insert(value);
        if *slot != value {
            *slot = None;
        }
    }
    out.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))).collect()
}

/// The integer a constant's initializer stands for: a literal, or a one-argument wrapper of one
/// (`ErrorCode(-32050)`).
fn constant_init(init: NodeRef<'_>) -> Option<i64> {
    if let Some(v) = init.int() {
        return Some(v);
    }
    if init.kind() == Kind::Call {
        let mut args = init.args();
        let first = args.next()?;
        return if args.next().is_none() { first.int() } else { None };
    }
    None
}

/// The value of a constant reference (`X`, `Codes.X`, `ErrorCode::X`, `Self::X`).
pub fn constant_value(constants: &std::collections::HashMap<(String, String), i64>, node: NodeRef<'_>) -> Option<i64> {
    constants.get(&constant_key(node)?).copied()
}

/// The (owner, name) key of a constant reference, as `int_constants` records definitions:
/// the owner is empty for a bare name, the container's name for `Self::X` / `this.X`.
pub fn constant_key(node: NodeRef<'_>) -> Option<(String, String)> {
    match node.kind() {
        Kind::Ident => Some((String::new(), node.text().to_string())),
        Kind::Member => {
            let object = node.object()?;
            let owner = match object.kind() {
                Kind::Ident if matches!(object.text(), "Self" | "this") => {
                    node.enclosing(Kind::Container).map(|c| c.text().to_string())?
                }
                Kind::Ident | Kind::Member => object.text().to_string(),
                _ => return None,
            };
            Some((owner, node.text().to_string()))
        }
        _ => None,
    }
}

/// Whether code branches on this node: an operand of `==`/`!=` (`===`, `!==`) or the pattern
/// of a `case` / `match` arm.
pub fn is_branch_operand(node: NodeRef<'_>) -> bool {
    let Some(parent) = node.parent() else { return false };
    match (node.role(), parent.kind()) {
        (Role::Left | Role::Right, Kind::Binary) => matches!(parent.text(), "==" | "===" | "!=" | "!=="),
        (Role::Pattern, Kind::Case) => true,
        _ => false,
    }
}

/// Whether `p` matches `node`: the node to report and the matched text.
pub fn matches<'t>(p: &Pattern, node: NodeRef<'t>) -> Option<(NodeRef<'t>, String)> {
    let found = matches_what(p, node)?;
    if !p.in_handler.is_empty() && !in_handler(node, &p.in_handler) {
        return None;
    }
    Some(found)
}

fn matches_what<'t>(p: &Pattern, node: NodeRef<'t>) -> Option<(NodeRef<'t>, String)> {
    match p.what {
        What::String => {
            let value = literal_or_string_key(node)?;
            // An item of a list counts where the list is written, not where a constant passes
            // the whole list on (`res.setHeader(…, CORS.allowHeaders)`).
            let matched = one_of(&p.values, value, p.ignore_case)
                || (p.items && !node.is_resolved() && equals_or_lists(value, &p.values, p.ignore_case));
            (matched && !in_negated_assertion(node)).then(|| (node, value.to_string()))
        }
        What::Method => {
            let value = literal_or_string_key(node)?;
            // The value first: the position checks walk the tree.
            if !one_of(&p.values, value, p.ignore_case) || in_negated_assertion(node) {
                return None;
            }
            let position = if p.sent { is_method_sent(node) } else { is_method_position(node) };
            position.then(|| (node, value.to_string()))
        }
        What::Ident => {
            let kinds_ok = matches!(node.kind(), Kind::Ident | Kind::Member | Kind::Type)
                || (p.own_type && node.kind() == Kind::Object);
            if !kinds_ok || node.text().is_empty() {
                return None;
            }
            if !one_of(&p.names, node.text(), p.ignore_case) {
                return None;
            }
            if p.member && node.kind() != Kind::Member {
                return None;
            }
            if is_declared_name(node) {
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
        What::Call if node.kind() == Kind::Attribute => {
            let (receiver, name) = decorator_call(node)?;
            if !one_of(&p.names, name, p.ignore_case) {
                return None;
            }
            let receiver = receiver.to_ascii_lowercase();
            if !p.receiver.is_empty() && !p.receiver.iter().any(|r| receiver.contains(&r.to_ascii_lowercase())) {
                return None;
            }
            Some((node, name.to_string()))
        }
        What::Call if node.kind() == Kind::Member => {
            let name = node.text();
            if !one_of(&p.names, name, p.ignore_case) || node.role() == Role::Callee || !stubbed_or_checked(node) {
                return None;
            }
            if !p.receiver.is_empty() && !node.object().is_some_and(|r| receiver_matches(&p.receiver, r)) {
                return None;
            }
            Some((node, name.to_string()))
        }
        What::Call => {
            let name = node.call_name()?;
            if !one_of(&p.names, name, p.ignore_case) {
                return None;
            }
            if !p.receiver.is_empty() || !p.receiver_init.is_empty() {
                let receiver = node.receiver()?;
                let named = !p.receiver.is_empty() && receiver_matches(&p.receiver, receiver);
                if !named && !initialized_by(receiver, &p.receiver_init) {
                    return None;
                }
            }
            if p.value != ValueIs::Any && !value_is(p.value, node.arg(0)) {
                return None;
            }
            if !p.arg_type.is_empty() && !node.arg(0).is_some_and(|a| built_from(a, &p.arg_type)) {
                return None;
            }
            if !p.arg_keys.is_empty()
                && !node.args().any(|a| a.kind() == Kind::Object && a.keys().any(|k| p.arg_keys.iter().any(|w| w == k)))
            {
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
            if node.kind() == Kind::Assign {
                return assigned_key(p, node);
            }
            if node.kind() != Kind::Pair || node.has_flag(flags::COMPUTED) {
                return None;
            }
            if !one_of(&p.names, node.text(), p.ignore_case)
                || !value_is(p.value, node.value())
                || states_one_of(&p.migrated_values, node.value())
            {
                return None;
            }
            if !p.parent_key.is_empty() {
                let object = node.parent().filter(|o| o.kind() == Kind::Object)?;
                // The outer pair's key (`roots: { listChanged }`, Rust `roots: Some(Roots { .. })`),
                // or the struct literal's own name (`RootsCapabilities { list_changed }`).
                let held = unwrap_some_parent(object);
                let outer = held.parent().filter(|o| o.kind() == Kind::Pair);
                let by_key = outer.is_some_and(|o| one_of(&p.parent_key, o.text(), p.ignore_case));
                let by_struct = !object.text().is_empty() && one_of(&p.parent_key, object.text(), p.ignore_case);
                // `capabilities.roots = { listChanged: true }`: the member assigned to names it.
                let by_assignment = held.role() == Role::Right
                    && held
                        .parent()
                        .and_then(assigned_place)
                        .is_some_and(|place| named_in(place, &p.parent_key, p.ignore_case));
                // Python keyword arguments: `RootsCapability(listChanged=True)`, also as the value
                // of `roots=…`.
                let call =
                    (object.role() == Role::Arg).then(|| object.parent()).flatten().filter(|c| c.kind() == Kind::Call);
                let by_call = call.is_some_and(|c| {
                    c.call_name().is_some_and(|n| one_of(&p.parent_key, n, p.ignore_case))
                        || c.parent()
                            .filter(|o| o.kind() == Kind::Pair)
                            .is_some_and(|o| one_of(&p.parent_key, o.text(), p.ignore_case))
                });
                if !by_key && !by_struct && !by_assignment && !by_call {
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
        What::Declaration => {
            let (kind, name) = match node.kind() {
                Kind::Fn => ("fn", node.text()),
                Kind::Field => ("field", node.text()),
                Kind::Var => ("var", node.text()),
                Kind::Param => ("param", node.text()),
                // A call of such a function uses what it keeps (`self.mux.next_event_id()`).
                Kind::Call => ("call", node.call_name()?),
                _ => return None,
            };
            let shown = name;
            let name = name.trim_start_matches(['#', '_']);
            if name.is_empty() || (!p.declarations.is_empty() && !p.declarations.iter().any(|d| d == kind)) {
                return None;
            }
            // Most names hold no phrase's words at all: that is told without splitting the name.
            if !p.phrases.iter().any(|phrase| phrase.split_whitespace().all(|w| contains_ignore_case(name, w))) {
                return None;
            }
            let words = name_words(name);
            if !p.phrases.iter().any(|phrase| says_phrase(&words, phrase, &p.gap_words)) {
                return None;
            }
            if !p.of_type.is_empty() {
                let types: Vec<&str> = node
                    .children()
                    .filter(|c| c.role() == Role::Type || c.kind() == Kind::Param)
                    .flat_map(|c| std::iter::once(c).chain(c.descendants()))
                    .filter(|t| t.kind() == Kind::Type)
                    .map(|t| t.text())
                    .collect();
                if !types.iter().any(|t| p.of_type.iter().any(|w| w == t))
                    || (!p.in_type.is_empty() && !types.iter().any(|t| p.in_type.iter().any(|w| w == t)))
                {
                    return None;
                }
            }
            Some((node, shown.to_string()))
        }
        What::Declares => {
            if node.kind() != Kind::Container
                || node.has_flag(flags::IMPL)
                || !one_of(&p.names, node.text(), p.ignore_case)
            {
                return None;
            }
            Some((node, node.text().to_string()))
        }
        What::Implements => {
            let ty = node.children_with(Role::Implements).find(|t| one_of(&p.names, t.text(), p.ignore_case))?;
            Some((ty, ty.text().to_string()))
        }
        What::Number => {
            let v = node.int()?;
            (p.numbers.contains(&v) && !in_negated_assertion(node)).then(|| (node, v.to_string()))
        }
    }
}

/// A Python decorator as the call it makes: (receiver path, name) of `@server.call_tool()` or
/// `@mcp.tool` (`server`, `call_tool`). Other languages' attributes and decorators declare
/// rather than call, and are not calls.
fn decorator_call(attr: NodeRef<'_>) -> Option<(&str, &str)> {
    if attr.tree().lang() != Lang::Python {
        return None;
    }
    let text = attr.text();
    Some(text.rsplit_once('.').unwrap_or(("", text)))
}

/// Whether a method is replaced or checked by a test instead of being called: assigned a
/// double (`server.createMessage = jest.fn()`), configured as a mock
/// (`server.createMessage.mockResolvedValue(r)`), or the subject of an `expect(…)`
/// (`expect(server.createMessage).toHaveBeenCalledWith(…)`, `expect(typeof server.listRoots)`).
fn stubbed_or_checked(member: NodeRef<'_>) -> bool {
    let Some(parent) = member.parent() else { return false };
    match (member.role(), parent.kind()) {
        (Role::Left, Kind::Assign) => true,
        (Role::Object, Kind::Member) => parent.text().starts_with("mock") && parent.role() == Role::Callee,
        (Role::Arg, Kind::Call) => parent.callee().is_some_and(|c| c.is_ident("expect")),
        (_, Kind::Unary) if parent.text() == "typeof" => {
            parent.parent().is_some_and(|c| c.kind() == Kind::Call && c.callee().is_some_and(|f| f.is_ident("expect")))
        }
        _ => false,
    }
}

/// `capabilities.logging = {}`: a key set by assignment on a member named by the pattern's
/// `parent_key`, read like `capabilities: { logging: {} }`. Only patterns that name the parent
/// take this form: a bare key name (`x.sessionId = …`) says too little about the object.
fn assigned_key<'t>(p: &Pattern, assign: NodeRef<'t>) -> Option<(NodeRef<'t>, String)> {
    if !p.in_call.is_empty() {
        return None;
    }
    let target = assigned_place(assign)?;
    let value = assign.child(Role::Right);
    // `kwargs["logging_callback"] = cb`: a string key set by subscript, as in a literal.
    if target.kind() == Kind::Index && p.parent_key.is_empty() {
        let key = target.child(Role::Index).filter(|k| k.kind() == Kind::Str)?;
        if !one_of(&p.names, key.text(), p.ignore_case)
            || !value_is(p.value, value)
            || states_one_of(&p.migrated_values, value)
        {
            return None;
        }
        return Some((key, key.text().to_string()));
    }
    if p.parent_key.is_empty() || target.kind() != Kind::Member {
        return None;
    }
    if !one_of(&p.names, target.text(), p.ignore_case)
        || !value_is(p.value, value)
        || states_one_of(&p.migrated_values, value)
    {
        return None;
    }
    named_in(target.child(Role::Object)?, &p.parent_key, p.ignore_case).then(|| (target, target.text().to_string()))
}

/// What a plain `=` assigns to (`capabilities.logging` in `capabilities.logging = {}`).
fn assigned_place(assign: NodeRef<'_>) -> Option<NodeRef<'_>> {
    (assign.kind() == Kind::Assign && assign.text() == "=").then(|| assign.child(Role::Left)).flatten()
}

/// A variable or member named one of `names` (a private `#capabilities` included).
fn named_in(node: NodeRef<'_>, names: &[String], ignore_case: bool) -> bool {
    matches!(node.kind(), Kind::Ident | Kind::Member) && one_of(names, node.text().trim_start_matches('#'), ignore_case)
}

/// The export a local name was imported as, from a module starting with one of `modules`
/// (from any module when `modules` is `None`).
pub fn imported_export<'t>(tree_root: NodeRef<'t>, local: &str, modules: Option<&[&str]>) -> Option<&'t str> {
    let import = import_of(tree_root, local)?;
    let module = import.text();
    let from = modules.is_none_or(|ms| {
        ms.iter().any(|m| module.strip_prefix(m).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
    });
    from.then(|| import.imported_as(local))?
}

/// The import that binds a local name (`import { Tool } from './types.js'`). Imports are
/// top-level statements: scanning the root's children, not the whole tree, keeps this linear
/// in the number of names asked about.
pub fn import_of<'t>(tree_root: NodeRef<'t>, local: &str) -> Option<NodeRef<'t>> {
    tree_root.children().filter(|n| n.kind() == Kind::Import).find(|i| i.imported_as(local).is_some())
}

/// A value with the conversions named in `calls` applied to it (`"x".to_string()`,
/// `String::from("x")`, `Some(x)`): the node whose place says where the value goes.
pub fn converted<'t>(node: NodeRef<'t>, calls: &[&str]) -> NodeRef<'t> {
    let mut cur = node;
    while let Some(parent) = cur.parent() {
        let call = match (cur.role(), parent.kind()) {
            (Role::Object, Kind::Member) => {
                parent.parent().filter(|c| c.kind() == Kind::Call && c.callee() == Some(parent))
            }
            (Role::Arg, Kind::Call) => Some(parent),
            _ => None,
        };
        match call.filter(|c| c.call_name().is_some_and(|n| calls.contains(&n))) {
            Some(c) => cur = c,
            None => break,
        }
    }
    cur
}

/// Whether a value only goes into a log line: it is an argument of a logging call
/// (`console.log(…)`, `logger.debug(…)`, `this.log.info(…)`) or macro (`println!`,
/// `tracing::debug!`, `info!`), directly or inside what that argument builds in place (an
/// object or array literal, a template string, `format!`, a concatenation, `a ?? b`, a
/// tracing field `session = ?value`). Nothing else sees the value, so nothing breaks when it is
/// gone; a value kept in a variable may be used for more and does not count.
pub fn only_logged(value: NodeRef<'_>) -> bool {
    const LEVELS: [&str; 8] = ["log", "info", "warn", "error", "debug", "trace", "verbose", "fatal"];
    const MACROS: [&str; 12] =
        ["println", "eprintln", "print", "eprint", "dbg", "info", "debug", "warn", "error", "trace", "event", "log"];
    let mut cur = value;
    while let Some(parent) = cur.parent() {
        match (parent.kind(), cur.role()) {
            (Kind::Object | Kind::Array | Kind::Template | Kind::Pair, _) => {}
            (Kind::Binary, _) if matches!(parent.text(), "+" | "??" | "||") => {}
            (Kind::Other, _) if parent.has_flag(flags::FROM_TOKENS) => {}
            // A tracing field that parses as an assignment: `info!(header = NAME, …)`.
            (Kind::Assign, Role::Right) if parent.parent().is_some_and(|m| m.kind() == Kind::Macro) => {}
            (Kind::Macro, Role::Arg) if matches!(parent.text(), "format" | "format_args") => {}
            (Kind::Macro, Role::Arg) => return MACROS.contains(&parent.text()),
            (Kind::Call, Role::Arg) => {
                let Some(callee) = parent.callee().filter(|c| c.kind() == Kind::Member) else { return false };
                let logger = callee.object().and_then(|o| o.path_segments().last().copied()).is_some_and(|o| {
                    o == "console" || name_words(o).last().is_some_and(|w| matches!(w.as_str(), "log" | "logger"))
                });
                return logger && LEVELS.contains(&callee.text());
            }
            _ => return false,
        }
        cur = parent;
    }
    false
}

/// Inside a test double: a mocked module (`vi.mock('./tools.js', () => ({ TOOLS: [ … ] }))`,
/// `jest.mock(…)`), a mock function's implementation (`vi.fn(impl)`), or a canned answer
/// (`.mockImplementation(impl)`, `.mockResolvedValue(v)`, `sinon.stub().callsFake(impl)`).
/// What it holds stands in for code the test does not run.
pub fn in_test_double(node: NodeRef<'_>) -> bool {
    const DOUBLES: [&str; 7] = [
        "mockImplementation",
        "mockImplementationOnce",
        "callsFake",
        "mockResolvedValue",
        "mockResolvedValueOnce",
        "mockReturnValue",
        "mockReturnValueOnce",
    ];
    node.ancestors().any(|a| {
        a.kind() == Kind::Call
            && a.call_name().is_some_and(|name| match name {
                "fn" | "mock" | "doMock" => a.receiver().is_some_and(|r| r.is_ident("vi") || r.is_ident("jest")),
                _ => DOUBLES.contains(&name),
            })
    })
}

/// Whether a name comes from the project's own code rather than a package: imported from a
/// relative module (`import { X } from './constants.js'`) or through `crate::`, `self::` or
/// `super::` (`use crate::constants::X;`, `crate::constants::X`).
pub fn imported_from_project(node: NodeRef<'_>) -> bool {
    let name = node.text();
    match node.kind() {
        Kind::Member if node.has_flag(flags::STATIC_PATH) => {
            node.path_segments().first().is_some_and(|first| OWN_PATH_ROOTS.contains(first))
        }
        Kind::Ident => {
            let root = node.tree().root();
            match node.tree().lang() {
                Lang::TypeScript | Lang::Python => import_of(root, name).is_some_and(|i| is_own_module(i.text())),
                Lang::Rust => root
                    .children()
                    .filter(|i| i.kind() == Kind::Import)
                    .any(|i| i.text().rsplit("::").next() == Some(name) && is_own_module(i.text())),
            }
        }
        _ => false,
    }
}

/// The first segments of a Rust path within the crate.
const OWN_PATH_ROOTS: [&str; 3] = ["crate", "self", "super"];

/// Whether a module specifier or `use` path names the project's own code: a relative module
/// (`./constants.js`) or a path through `crate::`, `self::` or `super::`.
pub fn is_own_module(spec: &str) -> bool {
    spec.starts_with('.')
        || spec.split("::").next().is_some_and(|first| OWN_PATH_ROOTS.contains(&first) && spec.contains("::"))
}

/// The class a variable was built from: `X` for `const t = new X(…)`.
pub fn constructed_class<'t>(ident: NodeRef<'t>) -> Option<&'t str> {
    declaration_of(ident).and_then(built_by)
}

/// The classes a variable may hold: the one it was built from (`const t = new X(…)`) and those
/// its declaration names (`let t: X | undefined`, assigned later).
pub fn variable_classes<'t>(ident: NodeRef<'t>) -> Vec<&'t str> {
    let Some(decl) = declaration_of(ident) else { return Vec::new() };
    let mut out = decl.child(Role::Type).map(type_names).unwrap_or_default();
    out.extend(built_by(decl));
    out
}

/// `X` for a declaration initialized by `new X(…)`.
fn built_by(decl: NodeRef<'_>) -> Option<&str> {
    let init = decl.child(Role::Init)?;
    let callee = init.callee().filter(|_| init.kind() == Kind::Call && init.has_flag(flags::NEW))?;
    (callee.kind() == Kind::Ident).then(|| callee.text())
}

/// The names in a type: the type itself and every type inside it (`SSEServerTransport` and
/// `undefined` in `SSEServerTransport | undefined`, `Map`, `string` and `Session` in
/// `Map<string, Session>`).
pub fn type_names(t: NodeRef<'_>) -> Vec<&str> {
    let mut out = vec![t.text()];
    out.extend(t.descendants().filter(|d| d.kind() == Kind::Type).map(|d| d.text()));
    out
}

/// Whether code is on the client side: the file imports one of `imports` (a client SDK module,
/// `RoleClient`), or the outermost function around it calls one of `calls` (`callTool`,
/// `request`). A server's own encoder or handler is not.
pub fn client_side(node: NodeRef<'_>, imports: &[&str], calls: &[&str]) -> bool {
    let tree = node.tree();
    if tree.nodes().any(|n| n.kind() == Kind::Import && imports.iter().any(|i| n.text().contains(i))) {
        return true;
    }
    let scope = node.ancestors().filter(|a| a.kind() == Kind::Fn).last().unwrap_or_else(|| tree.root());
    scope.descendants().any(|c| c.kind() == Kind::Call && c.call_name().is_some_and(|n| calls.contains(&n)))
}

/// Whether a call or macro is one of `assertions` (`toEqual`, `assert_eq!`), a rule's list.
pub fn is_assertion(call: NodeRef<'_>, assertions: &[&str]) -> bool {
    match call.kind() {
        Kind::Call => call.call_name().is_some_and(|n| assertions.contains(&n)),
        Kind::Macro => assertions.contains(&call.text()),
        _ => false,
    }
}

/// Whether a node is (part of) the expected value of an assertion: `toEqual(x)`,
/// `toEqual([x])`, `toMatchObject({ error: x })`, `assert_eq!(body, json!({ "error": x }))`.
pub fn in_expected_value(node: NodeRef<'_>, assertions: &[&str]) -> bool {
    let mut cur = node;
    while let Some(p) = cur.parent().filter(|p| {
        matches!((cur.role(), p.kind()), (Role::Elem, Kind::Array) | (Role::Value, Kind::Pair))
            || (cur.kind() == Kind::Pair && p.kind() == Kind::Object)
            || (p.kind() == Kind::Macro && p.text() == "json")
            || (cur.role() == Role::Arg && is_asymmetric_matcher(*p))
    }) {
        cur = p;
    }
    cur.role() == Role::Arg && cur.parent().is_some_and(|p| is_assertion(p, assertions))
}

/// A partial expectation inside an assertion: `expect.objectContaining({…})`,
/// `expect.arrayContaining([…])`, `jasmine.objectContaining(…)`.
fn is_asymmetric_matcher(call: NodeRef<'_>) -> bool {
    call.kind() == Kind::Call
        && matches!(call.call_name(), Some("objectContaining" | "arrayContaining"))
        && call.receiver().is_some_and(|r| r.is_ident("expect") || r.is_ident("jasmine"))
}

/// Whether a literal is an argument of a negated test assertion
/// (`expect(sent).not.toContain('tasks/list')`, `assert.notEqual(…)`, `assert_ne!(…)`): the test
/// states that the code does *not* use the literal, which is never a finding.
pub fn in_negated_assertion(node: NodeRef<'_>) -> bool {
    asserted_absent(node, false)
}

/// Whether a name or literal is what a test assertion says is absent or different, without
/// being run: `assert!(!versions.contains(&ProtocolVersion::V_2025_03_26))`,
/// `assert_ne!(version, ProtocolVersion::V_2025_06_18)`, `expect(transport.sessionId)
/// .toBeUndefined()`. A call inside the assertion is still
/// made (`assert_ne!(client.ping().await, …)`, `expect(client.ping()).resolves.not.toThrow()`),
/// so it is not stated absent.
pub fn states_absence(node: NodeRef<'_>) -> bool {
    matches!(node.kind(), Kind::Ident | Kind::Member | Kind::Type | Kind::Str | Kind::Num)
        && asserted_absent(node, true)
}

/// Words of a test's name or description saying that the code under test ignores what the
/// test sends: before the feature (`ignores an Mcp-Session-Id`, `never initialize`) or after it
/// (`a_session_header_changes_nothing`, `session_id_is_ignored`). After it, `ignores` would
/// make the feature the one ignoring (`replayEventsAfter ignores events from other streams`).
const IGNORING_BEFORE: &[&str] = &["ignore", "ignores", "ignoring", "never", "drops"];
const IGNORING_AFTER: &[&str] = &["ignored", "dropped", "never", "nothing", "unaffected"];

/// Words of a removed feature's name too common to say which feature a test is about.
const GENERIC_WORDS: &[&str] = &[
    "mcp",
    "id",
    "ids",
    "protocol",
    "version",
    "versions",
    "latest",
    "notification",
    "notifications",
    "request",
    "requests",
    "header",
    "headers",
    "list",
    "changed",
    "get",
    "set",
    "the",
    "a",
    "v",
];

/// How close (in words) a test's name must put an ignoring word and the feature it ignores:
/// `a_session_header_changes_nothing`, `never initialize`, `should ignore a session ID`.
const IGNORED_WINDOW: usize = 3;

/// Whether `node`, a use of the removed feature named `value`, sits in a test whose name says
/// that feature is ignored or never happens: a test that sends a removed header or method to
/// show that nothing comes of it states the migrated behaviour. The nearest test decides (see
/// [`test_name`]). The ignoring word must stand within [`IGNORED_WINDOW`] words of the
/// feature's whole name, so that `a server that never answers the probe … initialize fallback`
/// is still a test of the legacy path.
pub fn in_test_of_absence(node: NodeRef<'_>, value: &str) -> bool {
    let significant = |text: &str| -> Vec<String> {
        name_words(text).into_iter().filter(|w| !GENERIC_WORDS.contains(&w.as_str())).collect()
    };
    let subject = significant(value);
    if subject.is_empty() {
        return false;
    }
    let Some(name) = node.ancestors().filter(|a| a.kind() == Kind::Fn).find_map(test_name) else { return false };
    // The feature's name as a phrase (`replay events after`), generic words left out of both,
    // so that `replayEventsAfter ignores events from other streams` does not read as ignoring
    // the feature through its word `events`.
    let words = significant(name);
    let at = |set: &[&str]| -> Vec<usize> {
        words.iter().enumerate().filter(|(_, w)| set.contains(&w.as_str())).map(|(i, _)| i).collect()
    };
    let (before, after) = (at(IGNORING_BEFORE), at(IGNORING_AFTER));
    words.windows(subject.len()).enumerate().filter(|(_, w)| *w == subject.as_slice()).any(|(start, _)| {
        let end = start + subject.len() - 1;
        before.iter().any(|&i| i < start && start - i <= IGNORED_WINDOW)
            || after.iter().any(|&i| i > end && i - end <= IGNORED_WINDOW)
    })
}

/// What a test asserts was refused.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// An unknown method: −32601, `METHOD_NOT_FOUND`.
    Method,
    /// An unsupported protocol version: −32022, `UnsupportedProtocolVersion`.
    Version,
    /// Any other rejection: −32600 / −32602, HTTP 400 / 404 / 405 (a missing route answers 404
    /// too), `is_err()`, `.rejects`, `toThrow`.
    Other,
}

/// Whether `node` is input a test sends only to show that it is refused, which states the
/// migrated behaviour:
///
/// - an item of the list a loop goes through whose body asserts a refusal (`for gone in
///   ["tasks/list", "tasks/result"] { …; assert_eq!(body["error"]["code"], -32601) }`,
///   `for (const m of ['ping', 'logging/setLevel']) { expect(res.status).toBe(404) }`, also
///   `[…].forEach(m => …)` and `it.each([…])(…)`);
/// - a method name in a test that asserts a method was refused (−32601, `METHOD_NOT_FOUND`;
///   an HTTP 404 may be a missing route, so it counts only in a loop), or a legacy revision in
///   a test that asserts a version was refused (−32022, `UnsupportedProtocolVersion`, or −32020
///   for a version that disagrees with the header);
/// - what a test expects to be refused as a removed method or an unsupported version: the
///   subject of `expect(…).rejects.toThrow('Method not found')` (a failure for another reason
///   tests the feature itself), of `assert!(….is_err())` in a test that asserts such a
///   refusal, an argument of a call that `assert!(!…)` requires to be false.
pub fn rejected_input(node: NodeRef<'_>) -> bool {
    in_rejection_loop(node) || in_refused_subject(node) || refused_in_its_test(node)
}

fn in_rejection_loop(node: NodeRef<'_>) -> bool {
    if node.kind() != Kind::Str || node.role() != Role::Elem {
        return false;
    }
    let Some(list) = node.parent().filter(|p| p.kind() == Kind::Array) else { return false };
    let Some(holder) = list.parent() else { return false };
    let body = match holder.kind() {
        // `for x in [..] { .. }`, `for (const x of [..]) { .. }`.
        Kind::Loop => holder.child(Role::Body),
        // `[..].forEach(x => ..)`: the callback.
        Kind::Member if list.role() == Role::Object => {
            holder.parent().filter(|c| c.kind() == Kind::Call).and_then(|c| c.args().find(|a| a.kind() == Kind::Fn))
        }
        // `it.each([..])('…', x => ..)`: the callback of the call the `each(..)` call makes.
        Kind::Call if list.role() == Role::Arg && holder.call_name() == Some("each") => holder
            .parent()
            .filter(|c| c.kind() == Kind::Call && holder.role() == Role::Callee)
            .and_then(|c| c.args().find(|a| a.kind() == Kind::Fn)),
        _ => None,
    };
    body.is_some_and(|b| asserted_refusals(b).next().is_some())
}

fn in_refused_subject(node: NodeRef<'_>) -> bool {
    let mut child = node;
    for anc in node.ancestors() {
        match anc.kind() {
            Kind::Fn | Kind::Block | Kind::Module => return false,
            // `expect(client.request({ method: 'ping' })).rejects.toThrow(/Method not found/)`.
            Kind::Call if child.role() == Role::Arg && anc.callee().is_some_and(|c| c.is_ident("expect")) => {
                return expected_refusal(anc);
            }
            // `assert!(!registry.broadcast("notifications/tasks/status", None))`: a call with it
            // that the test requires to come out false.
            Kind::Unary
                if anc.text() == "!"
                    && child.kind() == Kind::Call
                    && child.args().any(|a| a.contains(node))
                    && anc.role() == Role::Arg
                    && anc
                        .parent()
                        .is_some_and(|m| m.kind() == Kind::Macro && matches!(m.text(), "assert" | "debug_assert")) =>
            {
                return true;
            }
            // `assert!(client.ping().await.is_err())`, `….unwrap_err()`, in a test that says
            // why: `assert_eq!(err.code, ErrorCode::METHOD_NOT_FOUND)`.
            Kind::Call
                if (child.role() == Role::Object || child.role() == Role::Callee)
                    && matches!(anc.call_name(), Some("is_err" | "unwrap_err" | "expect_err")) =>
            {
                return node
                    .ancestors()
                    .filter(|a| a.kind() == Kind::Fn)
                    .find(|f| test_name(*f).is_some())
                    .is_some_and(|test| asserted_refusals(test).any(|r| r != Refusal::Other));
            }
            _ => {}
        }
        child = anc;
    }
    false
}

/// Whether an `expect(…)` chain expects its subject to be refused as a removed method or an
/// unsupported version: it fails (`.rejects`, `.toThrow`, not through `.not` or `.resolves`)
/// and the matcher names that refusal (`.rejects.toThrow('Method not found')`,
/// `.rejects.toMatchObject({ code: -32601 })`). A failure for another reason (a capability the
/// peer lacks, a schema mismatch, a timeout) is a test of the feature itself.
fn expected_refusal(expect: NodeRef<'_>) -> bool {
    let mut cur = expect;
    let mut fails = false;
    while let Some(m) = cur.parent().filter(|m| m.kind() == Kind::Member && cur.role() == Role::Object) {
        match m.text() {
            "not" | "resolves" => return false,
            "rejects" | "toThrow" | "toThrowError" => fails = true,
            _ => {}
        }
        cur = m;
    }
    let Some(matcher) = cur.parent().filter(|c| c.kind() == Kind::Call && cur.role() == Role::Callee) else {
        return false;
    };
    fails
        && matcher
            .args()
            .flat_map(|a| std::iter::once(a).chain(a.descendants()))
            .filter_map(refusal_named)
            .any(|r| r != Refusal::Other)
}

fn refused_in_its_test(node: NodeRef<'_>) -> bool {
    let wanted = match node.kind() {
        Kind::Str if crate::context::is_mcp_method(node.text()) => Refusal::Method,
        Kind::Str if crate::era_scope::LEGACY_REVISIONS.contains(&node.text()) => Refusal::Version,
        _ => return false,
    };
    let Some(test) = node.ancestors().filter(|a| a.kind() == Kind::Fn).find(|f| test_name(*f).is_some()) else {
        return false;
    };
    // The refusal must be of what carries the node: a test that gets `ping` answered and
    // `server/discover` refused does not refuse `ping`.
    let carriers = carriers(node, test);
    let about_it = |a: &NodeRef<'_>| {
        a.contains(node) || a.descendants().any(|d| d.kind() == Kind::Ident && carriers.contains(&d.text()))
    };
    let found = test
        .descendants()
        .filter(|n| is_positive_assertion(*n))
        .filter(about_it)
        .flat_map(|a| std::iter::once(a).chain(a.descendants()).chain(matcher_chain(a)).filter_map(refusal_named))
        .any(|r| r == wanted);
    found
}

/// The variables of a test that carry what the statement holding `node` produced: the one its
/// declaration binds (`let req = ….header(VERSION, "2025-06-18")…`), then, in order, each
/// declared from one of them (`let resp = handle_post(req).await`, `let body =
/// from_slice(resp.body())`).
fn carriers<'t>(node: NodeRef<'t>, test: NodeRef<'t>) -> Vec<&'t str> {
    let Some(decl) = node.ancestors().take_while(|a| *a != test).find(|a| a.kind() == Kind::Var) else {
        return Vec::new();
    };
    let mut names = bound_names(decl);
    for var in test.descendants().filter(|v| v.kind() == Kind::Var && v.start() > decl.start()) {
        let from_carrier = var.value().is_some_and(|init| {
            std::iter::once(init)
                .chain(init.descendants())
                .any(|d| d.kind() == Kind::Ident && names.contains(&d.text()))
        });
        if from_carrier {
            names.extend(bound_names(var));
        }
    }
    names
}

/// The names a declaration binds: its plain name, or the identifiers of its pattern.
fn bound_names<'t>(var: NodeRef<'t>) -> Vec<&'t str> {
    if !var.text().is_empty() {
        return vec![var.text()];
    }
    var.children_with(Role::Pattern)
        .flat_map(|p| std::iter::once(p).chain(p.descendants()))
        .filter(|n| n.kind() == Kind::Ident && !n.text().is_empty())
        .map(|n| n.text())
        .collect()
}

/// The refusals the assertions in a subtree check: `assert_eq!(code, -32601)`,
/// `expect(res.status).toBe(404)`, `assert_eq!(err.code, ErrorCode::UnsupportedProtocolVersion)`.
fn asserted_refusals(scope: NodeRef<'_>) -> impl Iterator<Item = Refusal> + '_ {
    scope
        .descendants()
        .filter(|n| is_positive_assertion(*n))
        .flat_map(|a| std::iter::once(a).chain(a.descendants()).chain(matcher_chain(a)).filter_map(refusal_named))
}

/// An assertion that states something holds (not `assert_ne!`, not `.not.…`): `assert!`,
/// `assert_eq!`, `assert.equal(…)`, `assert(…)`, or the matcher call of an `expect(…)` chain.
fn is_positive_assertion(n: NodeRef<'_>) -> bool {
    match n.kind() {
        Kind::Macro => matches!(n.text(), "assert" | "assert_eq" | "debug_assert" | "debug_assert_eq"),
        Kind::Call => {
            let Some(callee) = n.callee() else { return false };
            if callee.is_ident("assert") {
                return true;
            }
            if callee.kind() != Kind::Member {
                return false;
            }
            let chain: Vec<NodeRef<'_>> = callee.chain().collect();
            let from_expect =
                chain.iter().any(|c| c.kind() == Kind::Call && c.callee().is_some_and(|e| e.is_ident("expect")));
            let negated = chain.iter().any(|c| c.kind() == Kind::Member && c.text() == "not");
            let from_assert = chain.last().is_some_and(|r| r.is_ident("assert"))
                && matches!(
                    callee.text(),
                    "equal" | "strictEqual" | "deepEqual" | "deepStrictEqual" | "ok" | "rejects" | "throws"
                );
            (from_expect || from_assert) && !negated
        }
        _ => false,
    }
}

/// The members of an `expect(…)` chain above its matcher call (`rejects`, `toThrow`).
fn matcher_chain(assertion: NodeRef<'_>) -> impl Iterator<Item = NodeRef<'_>> {
    assertion.callee().into_iter().flat_map(|c| c.chain())
}

/// The refusal a number, name or call in an assertion stands for.
fn refusal_named(n: NodeRef<'_>) -> Option<Refusal> {
    match n.kind() {
        Kind::Num => match n.int()? {
            -32601 => Some(Refusal::Method),
            // A legacy version is also what makes a header and the body disagree (−32020).
            -32022 | -32020 => Some(Refusal::Version),
            -32600 | -32602 | 400 | 404 | 405 => Some(Refusal::Other),
            _ => None,
        },
        Kind::Ident | Kind::Member => {
            let name = n.text().to_ascii_lowercase().replace('_', "");
            match name.as_str() {
                "methodnotfound" => Some(Refusal::Method),
                "unsupportedprotocolversion" | "unsupportedversion" | "headermismatch" => Some(Refusal::Version),
                "badrequest" | "notfound" | "methodnotallowed" | "invalidrequest" | "invalidparams" | "rejects"
                | "tothrow" | "tothrowerror" => Some(Refusal::Other),
                _ => None,
            }
        }
        Kind::Call => matches!(n.call_name(), Some("is_err" | "unwrap_err" | "expect_err")).then_some(Refusal::Other),
        // The message of a JSON-RPC refusal: `toThrow('Method not found')`.
        Kind::Str | Kind::Template => {
            let text = n.text().to_ascii_lowercase();
            if text.contains("method not found") {
                Some(Refusal::Method)
            } else if text.contains("unsupported protocol version") {
                Some(Refusal::Version)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether a node is test code: inside a test function (`#[test]`, `#[tokio::test]`, an
/// `it(…)`/`test(…)` callback), a `#[cfg(test)]` module, or a file named as a test
/// (`tests/…`, `…_test.rs`, `tests.rs`, `….test.ts`, `….spec.ts`).
pub fn in_test_code(node: NodeRef<'_>) -> bool {
    node.ancestors().any(|a| match a.kind() {
        Kind::Fn => test_name(a).is_some() || is_pytest_fn(a),
        Kind::Other if a.has_flag(flags::MODULE) => {
            a.text() == "tests"
                || a.children_with(Role::Attr)
                    .any(|at| at.text() == "cfg" && at.descendants().any(|d| d.is_ident("test")))
        }
        _ => false,
    })
}

/// A Python test by pytest's conventions: a function `test_…` (or a method of a class
/// `Test…`), a fixture (`@pytest.fixture`) or a marked test (`@pytest.mark.…`).
pub fn is_pytest_fn(f: NodeRef<'_>) -> bool {
    if f.tree().lang() != Lang::Python || f.kind() != Kind::Fn {
        return false;
    }
    let name = f.text();
    name == "test"
        || name.starts_with("test_")
        || f.children_with(Role::Attr).any(|a| {
            let t = a.text();
            t.starts_with("pytest.fixture") || t.starts_with("pytest.mark.") || t == "fixture"
        })
        || f.parent().is_some_and(|c| c.kind() == Kind::Container && c.text().starts_with("Test"))
}

/// A file of tests by its name (`tests.rs`, `foo_tests.rs`, `tests/…`, `….test.ts`,
/// `….spec.ts`, `__tests__/…`, `test_….py`, `…_test.py`, `conftest.py`).
pub fn is_test_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let python = name.ends_with(".py") || name.ends_with(".pyi");
    (python && (name.starts_with("test_") || name.ends_with("_test.py") || name == "conftest.py"))
        || path.starts_with("tests/")
        || path.contains("/tests/")
        || path.contains("__tests__/")
        || name == "tests.rs"
        || name.ends_with("_tests.rs")
        || name.ends_with("_test.rs")
        || [".test.", ".spec."].iter().any(|m| name.contains(m))
}

/// The name of a test: a Rust `#[test]` / `#[tokio::test]` function's, or the description of
/// an `it(…)` / `test(…)` callback (also `it.only`, `test.skip`).
fn test_name<'t>(f: NodeRef<'t>) -> Option<&'t str> {
    if f.children_with(Role::Attr).any(|a| a.text() == "test" || a.text().ends_with("::test")) {
        return Some(f.text());
    }
    let call = f.parent().filter(|call| f.role() == Role::Arg && call.kind() == Kind::Call)?;
    let callee = call.callee()?;
    let runner = if callee.kind() == Kind::Member { callee.object()? } else { callee };
    if !(runner.is_ident("it") || runner.is_ident("test")) {
        return None;
    }
    call.arg(0)?.str_value()
}

/// The walk of both: up to the statement, looking for an assertion of absence. `names` leaves
/// out what runs: a callee, and the subject of `expect(…)`.
fn asserted_absent(node: NodeRef<'_>, names: bool) -> bool {
    let mut child = node;
    for anc in node.ancestors() {
        match anc.kind() {
            Kind::Fn | Kind::Block | Kind::Module => return false,
            Kind::Call if names && child.role() == Role::Callee => return false,
            Kind::Macro if anc.text() == "assert_ne" => return true,
            // Python: `assert code != -32002`, `assert "2025-06-18" not in versions`.
            Kind::Binary if matches!(anc.text(), "!=" | "not in") && is_assert_condition(anc) => return true,
            // `assert!(!versions.contains(&V))`, `assert.ok(!list.includes(v))`.
            Kind::Unary if anc.text() == "!" && asserts_true(anc) && is_membership(child, node) => return true,
            // `assert.strictEqual(transport.sessionId, undefined)`: a plain read that the test
            // says equals nothing.
            Kind::Call | Kind::Macro
                if names
                    && child.role() == Role::Arg
                    && is_plain_read(child)
                    && asserts_equal_to_nothing(anc, child) =>
            {
                return true
            }
            // `expect(transport.sessionId).toBeUndefined()`: a plain read that the test says
            // holds nothing, where reading it runs no code.
            Kind::Call
                if names
                    && child.role() == Role::Arg
                    && anc.callee().is_some_and(|c| c.is_ident("expect"))
                    && is_plain_read(child)
                    && expects_nothing(anc) =>
            {
                return true
            }
            Kind::Call if !names && child.role() == Role::Arg => {
                // `expect(x['…']).toBeUndefined()`, `expect(x).not.toHaveProperty('…')`
                if anc.callee().is_some_and(|c| c.is_ident("expect")) && expectation_is_negative(anc) {
                    return true;
                }
                if let Some(callee) = anc.callee().filter(|c| c.kind() == Kind::Member) {
                    let negated_chain = callee.object().is_some_and(|o| o.kind() == Kind::Member && o.text() == "not");
                    let assert_not = callee.text().starts_with("not")
                        && callee.object().is_some_and(|o| o.path_segments().first() == Some(&"assert"));
                    if negated_chain || assert_not {
                        return true;
                    }
                }
                // Any other call runs with the literal: `expect(client.request({ method: 'ping'
                // })).resolves.not.toThrow()` sends it. Not so `expect(…)`, its matchers and
                // asymmetric matchers (`expect.objectContaining(…)`), `assert.…(…)`, nor what
                // only builds a value from a type (`ErrorCode(-32002)`, `new Error(…)`).
                let root = anc.callee().and_then(|c| c.chain_root()).map(|r| r.text());
                let inert = anc.has_flag(flags::NEW)
                    || root.is_some_and(|r| {
                        matches!(r, "expect" | "assert") || r.starts_with(|c: char| c.is_ascii_uppercase())
                    });
                if !inert {
                    return false;
                }
            }
            _ => {}
        }
        child = anc;
    }
    false
}

/// Whether an expression is what an assertion requires to be true: the first argument of
/// `assert!(e)`, `debug_assert!(e)`, `assert(e)`, `assert.ok(e)`.
fn asserts_true(expr: NodeRef<'_>) -> bool {
    let Some(a) = expr.parent().filter(|_| expr.role() == Role::Arg) else { return false };
    let assertion = match a.kind() {
        Kind::Macro => matches!(a.text(), "assert" | "debug_assert"),
        Kind::Call => match a.callee() {
            Some(c) if c.kind() == Kind::Ident => c.text() == "assert",
            Some(c) => c.text() == "ok" && c.object().is_some_and(|o| o.is_ident("assert")),
            None => false,
        },
        _ => false,
    };
    assertion && a.args().next() == Some(expr)
}

/// Whether a test is the condition of a Python `assert` statement (lowered as Rust's
/// `assert!(cond, message)`).
pub fn is_assert_condition(test: NodeRef<'_>) -> bool {
    test.role() == Role::Arg
        && test
            .parent()
            .is_some_and(|a| a.kind() == Kind::Macro && a.text() == "assert" && a.args().next() == Some(test))
}

/// Whether `assertion` asserts that `subject`, one of its arguments, equals nothing:
/// `assert.equal(x, null)`, `assert.strictEqual(x, undefined)`, `assert_eq!(x, None)`.
pub fn asserts_equal_to_nothing(assertion: NodeRef<'_>, subject: NodeRef<'_>) -> bool {
    let equality = match assertion.kind() {
        Kind::Macro => matches!(assertion.text(), "assert_eq" | "debug_assert_eq"),
        Kind::Call => matches!(assertion.call_name(), Some("equal" | "strictEqual" | "deepEqual" | "deepStrictEqual")),
        _ => false,
    };
    let nothing = |v: NodeRef<'_>| {
        v.kind() == Kind::Null || (v.kind() == Kind::Ident && matches!(v.text(), "None" | "undefined"))
    };
    equality
        && subject.role() == Role::Arg
        && subject.parent() == Some(assertion)
        && assertion.children().filter(|c| c.role() == Role::Arg && *c != subject).any(nothing)
}

/// Whether an expression asks whether a collection holds `item`: `xs.contains(&v)`,
/// `xs.includes(v)`, `map.has(k)`, `map.contains_key(k)`.
fn is_membership(expr: NodeRef<'_>, item: NodeRef<'_>) -> bool {
    expr.kind() == Kind::Call
        && matches!(expr.call_name(), Some("contains" | "includes" | "has" | "contains_key"))
        && expr.args().any(|a| a.contains(item))
}

/// Whether an expression only reads: names, members and indexes, no call.
fn is_plain_read(expr: NodeRef<'_>) -> bool {
    std::iter::once(expr)
        .chain(expr.descendants())
        .all(|n| matches!(n.kind(), Kind::Ident | Kind::Member | Kind::Index | Kind::Str | Kind::Num))
}

/// Whether an `expect(…)` chain says its subject holds nothing: `toBeUndefined()`,
/// `toBeNull()`, `toBeFalsy()`, `not.toBeDefined()`, `not.toBeTruthy()`.
pub fn expects_nothing(expect_call: NodeRef<'_>) -> bool {
    expectation(expect_call).1 == Some(true)
}

/// Whether the matcher chain after `expect(…)` negates or expects absence:
/// `.not.toContain(…)`, `.toBeUndefined()`, `.not.toBeDefined()`. Negating an absence asserts
/// presence: `.not.toBeNull()` is not negative.
fn expectation_is_negative(expect_call: NodeRef<'_>) -> bool {
    let (negated, nothing) = expectation(expect_call);
    nothing.unwrap_or(negated)
}

/// What the matcher chain after `expect(…)` says: whether it holds `.not`, and, when its
/// matcher is about presence (`toBeNull`, `toBeDefined`, …), whether the subject holds nothing.
fn expectation(expect_call: NodeRef<'_>) -> (bool, Option<bool>) {
    let mut negated = false;
    let mut cur = expect_call;
    while let Some(member) = cur.parent().filter(|m| m.kind() == Kind::Member && cur.role() == Role::Object) {
        match member.text() {
            "not" => negated = true,
            "toBeUndefined" | "toBeNull" | "toBeFalsy" => return (negated, Some(!negated)),
            "toBeDefined" | "toBeTruthy" => return (negated, Some(negated)),
            _ => {}
        }
        cur = member;
    }
    (negated, None)
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

/// Whether a node is the name a declaration introduces (`class X`, `type X = …`, the `X` of
/// `enum E { X = 1 }`, an interface property): a definition, not a use of an SDK name.
fn is_declared_name(node: NodeRef<'_>) -> bool {
    node.parent().is_some_and(|p| {
        matches!(p.kind(), Kind::Container | Kind::Field | Kind::Var | Kind::Fn | Kind::Param)
            && p.name_span() == Some(node.span())
    })
}

/// Whether an expression builds a value of one of `types`: `T { .. }`, `T::new(..)`,
/// `T::builder()…build()`, `&T::default()`, or the unit value `T`.
fn built_from(arg: NodeRef<'_>, types: &[String]) -> bool {
    let mut cur = arg;
    while cur.kind() == Kind::Unary {
        match cur.children().next() {
            Some(c) => cur = c,
            None => return false,
        }
    }
    match cur.kind() {
        Kind::Object => types.iter().any(|t| t == cur.text()),
        Kind::Call | Kind::Ident | Kind::Member => {
            let path = match cur.kind() {
                Kind::Call => cur.callee().map(|c| c.path_segments()).unwrap_or_default(),
                _ => cur.path_segments(),
            };
            path.iter().any(|seg| types.iter().any(|t| t == seg))
        }
        _ => false,
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

/// Whether an expression is a variable initialized by a call named one of `names`
/// (`const tool = server.registerTool(…)`, `let t = router.add(…).await?`). Any declaration of
/// that name in the file counts: handles are usually declared once, at module or factory level.
pub fn initialized_by(expr: NodeRef<'_>, names: &[String]) -> bool {
    if names.is_empty() {
        return false;
    }
    let expr = see_through(expr);
    if expr.kind() != Kind::Ident || expr.text().is_empty() {
        return false;
    }
    let name = expr.text();
    expr.tree().nodes().any(|var| {
        let built = var.kind() == Kind::Var
            && var.value().map(see_through).is_some_and(|init| {
                init.kind() == Kind::Call && init.call_name().is_some_and(|n| names.iter().any(|w| w == n))
            });
        // Or declared with one of those types (`session: ClientSession`, `Optional[ClientSession]`).
        let typed = matches!(var.kind(), Kind::Var | Kind::Param | Kind::Field)
            && var.child(Role::Type).is_some_and(|t| type_names(t).iter().any(|n| names.iter().any(|w| w == n)));
        var.text() == name && (built || typed)
    })
}

/// The expression under `await`, `?`, `&` and `*` (a prefix `!` negates, so it stays).
pub fn see_through(mut node: NodeRef<'_>) -> NodeRef<'_> {
    while node.kind() == Kind::Unary && matches!(node.text(), "await" | "?" | "&" | "*") {
        match node.children().next() {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}

/// Attaches to the finding just reported at `call` the unsafe fix that removes the call's
/// statement with its line, where the call is a statement of its own (see
/// [`crate::rewrite::remove_call_statement`]).
pub fn fix_by_removing_call(call: NodeRef<'_>, message: &str, cx: &mut FileCx<'_>) {
    let Some(edit) = crate::rewrite::remove_call_statement(cx.source, call) else { return };
    if let Some(d) = cx.last_report() {
        d.with_fix(crate::fix::Fix::unsafe_edit(message, vec![edit]));
    }
}

/// Whether a node lies inside a request handler: a function passed to a call named one of
/// `names` (directly, or by name: `setRequestHandler(method, onList)`), or a function that
/// carries an attribute or decorator named one of them (`#[tool]`, `@mcp.tool()`: a decorator is
/// named by the last segment of its callee).
pub fn in_handler(node: NodeRef<'_>, names: &[String]) -> bool {
    let named = |n: &str| names.iter().any(|w| w == n);
    node.ancestors().filter(|a| a.kind() == Kind::Fn).any(|f| {
        // A decorator is a child of the function it registers, not code that runs inside it.
        if f.children_with(Role::Attr).any(|a| a.contains(node)) {
            return false;
        }
        if f.children_with(Role::Attr).any(|a| named(a.text().rsplit('.').next().unwrap_or_default())) {
            return true;
        }
        if f.role() == Role::Arg {
            return f.parent().and_then(|c| c.call_name()).is_some_and(named);
        }
        // `function onList() {…}` or `const onList = async () => …`, passed by name.
        let fn_name = match f.parent() {
            Some(var) if f.role() == Role::Init && var.kind() == Kind::Var => var.text(),
            _ => f.text(),
        };
        !fn_name.is_empty()
            && f.tree().nodes().any(|c| {
                c.kind() == Kind::Call
                    && c.call_name().is_some_and(named)
                    && c.args().any(|a| a.kind() == Kind::Ident && a.text() == fn_name)
            })
    })
}

/// Whether a container (class, impl) implements or extends one of `names`.
pub fn implements_any(container: NodeRef<'_>, names: &[String]) -> bool {
    container.children_with(Role::Implements).any(|t| names.iter().any(|n| n == t.text()))
}

/// Whether a value node satisfies a `ValueIs` requirement.
pub fn value_is(want: ValueIs, value: Option<NodeRef<'_>>) -> bool {
    let value = value.map(unwrap_some);
    match want {
        ValueIs::Any => true,
        ValueIs::True => value.is_some_and(|v| v.kind() == Kind::Bool && v.text() == "true"),
        ValueIs::Set => value.is_some_and(|v| !is_unset(v)),
        ValueIs::Object => value
            .is_some_and(|v| !is_unset(v) && !matches!(v.kind(), Kind::Str | Kind::Template | Kind::Num | Kind::Bool)),
    }
}

/// Whether a value is one of `values`: a string literal, or a name whose last segment is one
/// (`TaskSupport::Forbidden`), also inside Rust `Some(…)`.
fn states_one_of(values: &[String], value: Option<NodeRef<'_>>) -> bool {
    let Some(v) = value.map(unwrap_some) else { return false };
    matches!(v.kind(), Kind::Str | Kind::Ident | Kind::Member)
        && values.iter().any(|m| m.eq_ignore_ascii_case(v.text()))
}

/// Rust `Some(x)`: `x`; anything else: itself.
pub fn unwrap_some(v: NodeRef<'_>) -> NodeRef<'_> {
    if v.kind() == Kind::Call && v.callee().is_some_and(|c| c.is_ident("Some")) {
        let mut args = v.args();
        if let (Some(inner), None) = (args.next(), args.next()) {
            return inner;
        }
    }
    v
}

/// For a value inside Rust `Some(…)`: the `Some(…)` call; anything else: itself.
fn unwrap_some_parent(v: NodeRef<'_>) -> NodeRef<'_> {
    match v.parent() {
        Some(call) if v.role() == Role::Arg && unwrap_some(call).id() == v.id() => call,
        _ => v,
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

/// Calls that send a message: requests and notifications whose first argument is the message,
/// and raw writes of a serialized message.
const SEND_CALLS: &[&str] = &[
    "request",
    "sendRequest",
    "send",
    "send_request",
    "notification",
    "sendNotification",
    "send_notification",
    "notify",
    "sendMessage",
    "send_message",
    "postMessage",
    "write",
    "write_all",
    "writeln",
];

/// Whether a call's name says it sends: one of [`SEND_CALLS`], or a name that starts with
/// `send` (`send_maybe_task_augmented_request`, `sendWithRetry`).
fn sends_by_name(name: &str) -> bool {
    SEND_CALLS.contains(&name) || name_words(name).first().is_some_and(|w| w == "send")
}

/// Calls and operators a message passes through on its way to a send call unchanged in
/// meaning: serialization and string building.
const SERIALIZE_CALLS: &[&str] = &["stringify", "to_string", "to_vec", "to_value", "to_writer", "format"];

/// Methods called on a serialized message on its way out (`.as_bytes()`, `.into_bytes()`).
const RECEIVER_PASS_CALLS: &[&str] = &["as_bytes", "into_bytes", "as_str", "clone", "into"];

/// Whether a method-name literal stands where the method is sent rather than handled: the
/// `method` of an object that reaches a send call (`extra.sendRequest({ method })`,
/// `process.stdout.write(JSON.stringify({ jsonrpc, id, method }) + '\n')`, or through a variable
/// of the same function), or the first argument of a send call. An object handed to
/// `onmessage`, kept in a table, or embedded in `inputRequests` is not sent. A conversion
/// changes nothing of it (`method: "ping".to_string()`, `String::from("ping")`).
pub fn is_method_sent(node: NodeRef<'_>) -> bool {
    let node = converted(node, CONVERSIONS);
    let Some(parent) = node.parent() else { return false };
    match (node.role(), parent.kind()) {
        // `extra.sendRequest(…)`; `Request::new(id, "roots/list", p)` in a function that sends
        // what it builds.
        (Role::Arg, Kind::Call) => {
            is_sent_by_call(node)
                || (sent_by_message_call(node)
                    && node.enclosing(Kind::Fn).is_some_and(|f| {
                        f.descendants().any(|n| n.kind() == Kind::Call && n.call_name().is_some_and(sends_by_name))
                    }))
        }
        // `let method = crate::types::root::commands::LIST;` then `Request::new(id, method, …)`
        // sent by the same function.
        (Role::Init, Kind::Var) if is_method_expr(parent) || parent.text() == "method" => {
            let name = parent.text();
            let Some(scope) = parent.enclosing(Kind::Fn) else { return false };
            let sends = scope.descendants().any(|n| n.kind() == Kind::Call && n.call_name().is_some_and(sends_by_name));
            sends
                && scope.descendants().any(|n| {
                    n.is_ident(name)
                        && n.parent().is_some_and(|c| {
                            c.kind() == Kind::Call && (is_message_call_arg(n, c) || is_sent_by_call(n))
                        })
                })
        }
        (Role::Value, Kind::Pair) if parent.text() == "method" => {
            let Some(object) = parent.parent().filter(|o| o.kind() == Kind::Object) else { return false };
            let message = message_expression(object);
            if reaches_send_call(message) || is_outgoing_request(object, message) {
                return true;
            }
            // `const request = { method: … }; … extra.sendRequest(request, …)`
            let Some(var) = message.parent().filter(|v| v.kind() == Kind::Var && message.role() == Role::Init) else {
                return false;
            };
            let name = var.text();
            if name.is_empty() {
                return false;
            }
            let scope = var.enclosing(Kind::Fn).unwrap_or_else(|| var.tree().root());
            scope.descendants().any(|n| n.is_ident(name) && reaches_send_call(n))
        }
        _ => false,
    }
}

/// A whole JSON-RPC request built in place (`{"jsonrpc": "2.0", "id": id, "method": …}`) that
/// is not handed to a receiving call (`onmessage`, `handle…`, `dispatch…`): a request with
/// its own id exists to be sent, whatever carries it (a broadcast channel, an SSE writer).
fn is_outgoing_request(object: NodeRef<'_>, message: NodeRef<'_>) -> bool {
    let keys: Vec<&str> = object.keys().collect();
    if !(keys.contains(&"jsonrpc") && keys.contains(&"id")) {
        return false;
    }
    let received_by = |call: NodeRef<'_>| {
        let name = call.call_name().unwrap_or_default();
        name.starts_with("expect")
            || name_words(name).iter().any(|w| {
                matches!(w.as_str(), "onmessage" | "on" | "handle" | "dispatch" | "process" | "receive" | "parse")
            })
    };
    let mut cur = message;
    while let Some(p) = cur.parent() {
        match p.kind() {
            Kind::Call if cur.role() == Role::Arg => return !received_by(p),
            // `const request = {…}; handle(request)`: where the variable goes decides.
            Kind::Var if cur.role() == Role::Init && !p.text().is_empty() => {
                let name = p.text();
                let scope = p.enclosing(Kind::Fn).unwrap_or_else(|| p.tree().root());
                return !scope.descendants().any(|n| {
                    n.is_ident(name)
                        && n.role() == Role::Arg
                        && n.parent().is_some_and(|c| c.kind() == Kind::Call && received_by(c))
                });
            }
            Kind::Fn | Kind::Module => return true,
            _ => cur = p,
        }
    }
    true
}

/// The expression a message object stands as: itself, or the `json!` macro that wraps it.
fn message_expression(object: NodeRef<'_>) -> NodeRef<'_> {
    match object.parent() {
        Some(m) if m.kind() == Kind::Macro && m.text() == "json" => m,
        _ => object,
    }
}

/// Whether an expression reaches a send call as its first argument, through serialization,
/// string concatenation, `await`/`&`/`?` and template substitutions.
fn reaches_send_call(expr: NodeRef<'_>) -> bool {
    let mut cur = expr;
    loop {
        if is_sent_by_call(cur) {
            return true;
        }
        let Some(parent) = cur.parent() else { return false };
        // `msg.to_string()`, `msg.to_string().as_bytes()`: a method call on the message.
        if cur.role() == Role::Object && parent.kind() == Kind::Member && parent.role() == Role::Callee {
            let Some(call) = parent.parent() else { return false };
            if !SERIALIZE_CALLS.contains(&parent.text()) && !RECEIVER_PASS_CALLS.contains(&parent.text()) {
                return false;
            }
            cur = call;
            continue;
        }
        let passes = match parent.kind() {
            Kind::Call => cur.role() == Role::Arg && parent.call_name().is_some_and(|n| SERIALIZE_CALLS.contains(&n)),
            Kind::Macro => matches!(parent.text(), "format" | "json") || parent.text().starts_with("write"),
            Kind::Binary => parent.text() == "+",
            Kind::Unary => matches!(parent.text(), "await" | "&" | "?" | "*"),
            Kind::Template => true,
            _ => false,
        };
        if !passes {
            return false;
        }
        if parent.kind() == Kind::Macro && parent.text().starts_with("write") {
            return true;
        }
        cur = parent;
    }
}

/// Whether `node` is the message argument of a send call: the first (the second of
/// `write!`/`writeln!`, whose first is the writer, counts through [`reaches_send_call`]), or the
/// second of a sender invoked through `Function.prototype.call`
/// (`this.originalStdoutWrite.call(stdout, msg)`).
fn is_sent_by_call(node: NodeRef<'_>) -> bool {
    node.role() == Role::Arg
        && node.parent().is_some_and(|call| {
            if call.kind() != Kind::Call {
                return false;
            }
            if call.arg(0).is_some_and(|a| a.id() == node.id()) && call.call_name().is_some_and(sends_by_name) {
                return true;
            }
            call.call_name() == Some("call")
                && call.arg(1).is_some_and(|a| a.id() == node.id())
                && call.receiver().is_some_and(|r| {
                    matches!(r.kind(), Kind::Ident | Kind::Member)
                        && name_words(r.text()).iter().any(|w| matches!(w.as_str(), "write" | "send" | "notify"))
                })
        })
}

/// Whether an expression reads a JSON-RPC method name: `req.method`, `method`,
/// `request.method.as_str()`, `&*msg.method`, `msg["method"].as_str()?`.
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
            // `msg["method"]` (serde_json values, untyped JS objects)
            Kind::Index => return cur.child(Role::Index).and_then(|i| i.str_value()) == Some("method"),
            _ => return false,
        }
    }
}

/// Whether a string literal (or a string-literal key) stands where a JSON-RPC method name goes.
pub fn is_method_position(node: NodeRef<'_>) -> bool {
    if node.kind() == Kind::Pair {
        return is_method_table_key(node);
    }
    // `"initialize".to_string()`, `String::from("ping")`: the converted value is the name.
    let node = converted(node, CONVERSIONS);
    let Some(parent) = node.parent() else { return false };
    match (node.role(), parent.kind()) {
        // `{ method: 'ping' }`, `json!({"method": "ping"})`; in an attribute, also
        // `#[handler(command = "ping")]`.
        (Role::Value, Kind::Pair) => {
            parent.text() == "method" || (parent.text() == "command" && parent.enclosing(Kind::Attribute).is_some())
        }
        // `case 'ping':`, `"ping" => …` in a switch on the method, or in a switch whose other
        // arms are MCP methods (a dispatcher on `msg.kind`).
        (Role::Pattern, Kind::Case) => parent
            .parent()
            .is_some_and(|s| s.child(Role::Scrutinee).is_some_and(is_method_expr) || dispatches_methods(s)),
        // `req.method === 'ping'`
        (Role::Left | Role::Right, Kind::Binary) if matches!(parent.text(), "==" | "===" | "!=" | "!==") => {
            parent.children().filter(|c| c.id() != node.id()).any(is_method_expr)
        }
        // `matches!(method.as_str(), "initialize" | "ping")`: an alternative of a `matches!`
        // on the method, or among other MCP methods.
        (_, Kind::Binary) if parent.text() == "|" => matched_alternative(node),
        (Role::Arg, Kind::Macro) if parent.text() == "matches" => matched_alternative(node),
        // `setRequestHandler('ping', …)`; `rpc(url, 'ping')` where this file's `rpc` takes the
        // argument as its `method` parameter; `transport.request("ping", None)`,
        // `Request::new(id, "ping", None)`, `app.map_handler(INIT, Self::init)`.
        (Role::Arg, Kind::Call) => {
            (parent.arg(0).is_some_and(|a| a.id() == node.id())
                && parent.call_name().is_some_and(|n| METHOD_ARG_CALLS.contains(&n)))
                || is_method_param_arg(node, parent)
                || is_message_call_arg(node, parent)
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

/// Conversions a method name passes through unchanged on its way to where it goes.
const CONVERSIONS: &[&str] = &["to_string", "to_owned", "into", "from", "String"];

/// Words of a call's name, or of the type it builds, that say it builds, sends or routes a
/// JSON-RPC message by its method name (`request`, `send_notification`, `push_request`,
/// `command`, `map_handler`, `Request::new`, `JsonRpcNotification::new`).
const MESSAGE_CALL_WORDS: &[&str] = &[
    "request",
    "requests",
    "notification",
    "notifications",
    "notify",
    "command",
    "commands",
    "method",
    "methods",
    "handler",
    "handlers",
    "rpc",
    "dispatch",
];

/// Map lookups whose receiver, named for handlers or methods, is keyed by method
/// (`app.handlers.contains_key(INIT)`).
const KEYED_LOOKUPS: &[&str] = &["contains_key", "get", "has", "insert", "remove", "set"];

/// Whether a name is one of the first two arguments of a call that builds, sends or routes a
/// message by method name (see [`MESSAGE_CALL_WORDS`]).
fn is_message_call_arg(arg: NodeRef<'_>, call: NodeRef<'_>) -> bool {
    if !call.args().take(2).any(|a| a.id() == arg.id()) {
        return false;
    }
    let Some(callee) = call.callee() else { return false };
    let message_word = |name: &str| name_words(name).iter().any(|w| MESSAGE_CALL_WORDS.contains(&w.as_str()));
    let name = callee.text();
    if KEYED_LOOKUPS.contains(&name) {
        return callee.kind() == Kind::Member
            && !callee.has_flag(flags::STATIC_PATH)
            && callee.object().and_then(|o| o.path_segments().last().copied()).is_some_and(message_word);
    }
    if message_word(name) {
        return true;
    }
    // `Request::new(…)`, `new JsonRpcRequest(…)`: the type built.
    let built = match callee.kind() {
        Kind::Member if callee.has_flag(flags::STATIC_PATH) && matches!(name, "new" | "with_params" | "from") => {
            callee.object().map(|o| o.text())
        }
        Kind::Ident if call.has_flag(flags::NEW) => Some(name),
        _ => None,
    };
    built.is_some_and(|t| name_words(t).iter().any(|w| MESSAGE_TYPE_WORDS.contains(&w.as_str())))
}

/// Words of a type whose constructor takes a method name (`Request::new(id, "ping", …)`); a
/// `Command::new("ping")` runs a program.
const MESSAGE_TYPE_WORDS: &[&str] = &["request", "notification", "rpc"];

/// Whether a method name is an argument of a call that builds or sends the message (not one
/// that registers a handler for it): `push_request(PING, None)`, `Request::new(id, "ping", …)`,
/// `.command(SUBSCRIBE, params)`, `self.notify("notifications/initialized", None)`.
fn sent_by_message_call(at: NodeRef<'_>) -> bool {
    let node = converted(at, CONVERSIONS);
    let Some(call) = node.parent().filter(|c| c.kind() == Kind::Call && node.role() == Role::Arg) else { return false };
    if !is_message_call_arg(node, call) {
        return false;
    }
    let words: Vec<String> = call.callee().map(|c| name_words(c.text())).unwrap_or_default();
    !words.iter().any(|w| {
        matches!(
            w.as_str(),
            "handler" | "handlers" | "route" | "dispatch" | "register" | "on" | "contains" | "get" | "has"
        )
    })
}

/// An alternative of a `matches!` (through `|`): on the method, or beside another MCP method
/// with a `/` (`matches!(m, "initialize" | "tools/list" | "ping")`).
fn matched_alternative(node: NodeRef<'_>) -> bool {
    let mut cur = node;
    while let Some(p) = cur.parent().filter(|p| p.kind() == Kind::Binary && p.text() == "|") {
        cur = p;
    }
    let Some(mac) =
        cur.parent().filter(|m| m.kind() == Kind::Macro && m.text() == "matches" && cur.role() == Role::Arg)
    else {
        return false;
    };
    if mac.arg(0).is_some_and(|a| a.id() == cur.id()) {
        return false;
    }
    mac.arg(0).is_some_and(is_method_expr)
        || cur.descendants().chain(std::iter::once(cur)).any(|s| {
            s.kind() == Kind::Str
                && s.id() != node.id()
                && s.text().contains('/')
                && crate::context::is_mcp_method(s.text())
        })
}

/// A `switch`/`match` with two or more arms on MCP method names, one with a `/`: a method
/// dispatcher, whatever its scrutinee is called.
fn dispatches_methods(switch: NodeRef<'_>) -> bool {
    let mut methods = 0;
    let mut qualified = false;
    for case in switch.children().filter(|c| c.kind() == Kind::Case) {
        for pattern in case.children_with(Role::Pattern) {
            let names = std::iter::once(pattern).chain(pattern.descendants()).filter(|n| n.kind() == Kind::Str);
            for s in names {
                if crate::context::is_mcp_method(s.text()) {
                    methods += 1;
                    qualified |= s.text().contains('/');
                }
            }
        }
    }
    methods >= 2 && qualified
}

/// An argument passed to a function of the same file whose parameter in that position is
/// called `method` (`async function rpc(url, method, params)`).
fn is_method_param_arg(arg: NodeRef<'_>, call: NodeRef<'_>) -> bool {
    let Some(name) = call.call_name().filter(|n| !n.is_empty()) else { return false };
    let Some(index) = call.args().position(|a| a.id() == arg.id()) else { return false };
    arg.tree()
        .nodes()
        .filter(|n| n.kind() == Kind::Fn && n.text() == name)
        .any(|f| f.children_with(Role::Param).nth(index).is_some_and(|p| is_method_expr(p) || p.text() == "method"))
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

/// Splits a name into lower-case words at camelCase humps and at every non-alphanumeric
/// character (`protocolVersion`, `SUPPORTED_PROTOCOL_VERSIONS`, `MCP-Protocol-Version` all give
/// `protocol` and `version`), so rules can ask what a name talks about.
pub fn name_words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for ch in name.chars() {
        if !ch.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if ch.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = ch.is_lowercase() || ch.is_ascii_digit();
        cur.extend(ch.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::{rs, ts};
    use crate::lang::typescript::{lower, Dialect};
    use crate::source::SourceFile;
    use crate::tree::Tree;

    fn messages_of(rule: &str, path: &str, text: &str) -> Vec<String> {
        let found =
            crate::check::check_source(path, text, crate::engine::Target::Modern).unwrap_or_else(|e| panic!("{e}"));
        found.into_iter().filter(|d| d.rule == rule).map(|d| d.message).collect()
    }

    /// A name matched as a member says "reads" where it is read, and what a call does where it
    /// is called with arguments (a builder's setter).
    #[test]
    fn a_called_member_has_its_own_message() {
        let rust = "use rmcp::model::Tool;\n\
                  fn f(t: &Tool) -> bool { t.task_support.is_some() }\n\
                  fn g() { ToolBuilder::new(\"render\").task_support(TaskSupportMode::Optional).build(); }\n";
        let got = messages_of("MCP306", "t.rs", rust);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[0].starts_with("reads `task_support`"), "{got:?}");
        assert!(got[1].starts_with("declares `task_support`"), "{got:?}");
        let typescript = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n\
                  const required = tool.execution?.taskSupport === 'required';\n\
                  builder.taskSupport('optional');\n";
        let got = messages_of("MCP306", "t.ts", typescript);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[0].starts_with("reads `taskSupport`"), "{got:?}");
        assert!(got[1].starts_with("declares `taskSupport`"), "{got:?}");
    }

    fn pattern(toml_text: &str) -> Pattern {
        match toml::from_str(toml_text) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        }
    }

    /// The matched texts of one pattern over a whole file, in document order.
    fn found(p: &Pattern, tree: &Tree) -> Vec<String> {
        tree.nodes().filter_map(|n| matches(p, n)).map(|(at, v)| format!("{v}@{}", at.start())).collect()
    }

    #[test]
    fn tests_of_an_ignored_feature_are_told_from_tests_of_the_feature() {
        let in_test = |body: &str, value: &str| -> bool {
            let tree = ts(&format!("{body}\n"));
            let node = tree.nodes().find(|n| n.kind() == Kind::Str && n.text() == value);
            match node {
                Some(n) => in_test_of_absence(n, value),
                None => panic!("no {value} in {body}"),
            }
        };
        let header = "Mcp-Session-Id";
        assert!(in_test(&format!("it('ignores an {header} the client invents', () => send('{header}'));"), header));
        assert!(in_test(&format!("it('a session header changes nothing', () => send('{header}'));"), header));
        assert!(in_test("test('typed error, never initialize', () => check('initialize'));", "initialize"));
        assert!(!in_test(
            "test('a server that never answers the probe is a legacy server: initialize fallback', () => check('initialize'));",
            "initialize"
        ));
        assert!(!in_test(
            "it('replayEventsAfter ignores events from other streams', () => call('replayEventsAfter'));",
            "replayEventsAfter"
        ));
        assert!(!in_test(&format!("it('resumes the session', () => send('{header}'));"), header));
        // A name made only of generic words names no feature.
        assert!(!in_test(
            "it('never sends an old protocol version', () => send('LATEST_PROTOCOL_VERSION'));",
            "LATEST_PROTOCOL_VERSION"
        ));
        // Outside any test, nothing is ignored.
        assert!(!in_test(&format!("function ignoresSessionIds() {{ send('{header}'); }}"), header));
    }

    #[test]
    fn comparisons_are_told_from_other_uses() {
        let p = pattern("what = 'ident'\nnames = ['V_2025_06_18']\nmessage = 'm'");
        let compared = |tree: crate::tree::Tree| -> Vec<bool> {
            tree.nodes().filter_map(|n| matches(&p, n)).map(|(at, _)| is_compared(at)).collect()
        };
        assert_eq!(compared(rs("fn f(v: &V) -> bool { *v >= ProtocolVersion::V_2025_06_18 }")), [true]);
        assert_eq!(compared(rs("fn f() { assert_eq!(info.version, Some(&ProtocolVersion::V_2025_06_18)); }")), [true]);
        assert_eq!(compared(rs("fn f(v: V) -> u8 { match v { ProtocolVersion::V_2025_06_18 => 1, _ => 0 } }")), [true]);
        assert_eq!(compared(rs("const LATEST: V = ProtocolVersion::V_2025_06_18;")), [false]);
        assert_eq!(compared(rs("fn f() -> V { choose(ProtocolVersion::V_2025_06_18) }")), [false]);
        assert_eq!(compared(rs("fn f() { assert!(ok(ProtocolVersion::V_2025_06_18)); }")), [false]);
        // TypeScript: an operand of `===` or a `case` label compares; an option value does not.
        assert_eq!(compared(ts("if (v === V_2025_06_18) {}")), [true]);
        assert_eq!(compared(ts("switch (v) { case V_2025_06_18: break; }")), [true]);
        assert_eq!(compared(ts("connect({ version: V_2025_06_18 });")), [false]);
    }

    #[test]
    fn sent_methods_are_told_from_handled_ones() {
        let p = pattern("what = 'method'\nvalues = ['roots/list']\nsent = true\nmessage = 'm'");
        let src = "extra.sendRequest({ method: 'roots/list' }, S);\n\
                   const req = { method: 'roots/list' }; await ctx.mcpReq.send(req);\n\
                   process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'roots/list' }) + '\\n');\n\
                   transport.onmessage({ jsonrpc: '2.0', id: 2, method: 'roots/list' });\n\
                   client.setRequestHandler('roots/list', h);\n\
                   if (msg.method === 'roots/list') {}\n\
                   const asks = { inputRequests: { r: { method: 'roots/list' } } };\n\
                   function f() { const other = { method: 'roots/list' }; return other; }";
        let t = ts(src);
        assert_eq!(found(&p, &t).len(), 3, "{:?}", found(&p, &t));
        // Without `sent`, every `method:` value and the handler registration count.
        let any = pattern("what = 'method'\nvalues = ['roots/list']\nmessage = 'm'");
        assert_eq!(found(&any, &t).len(), 8);
    }

    #[test]
    fn negated_assertions_are_not_uses() {
        let p = pattern("what = 'string'\nvalues = ['tasks/list']\nmessage = 'm'");
        let t = ts("expect(sent).not.toContain('tasks/list');\nassert.notEqual(m, 'tasks/list');\n\
                    expect(meta['tasks/list']).toBeUndefined();\n\
                    expect(sent).toContain('tasks/list');\nconst m = 'tasks/list';");
        assert_eq!(found(&p, &t).len(), 2);
    }

    #[test]
    fn declared_names_are_not_uses() {
        let p = pattern("what = 'ident'\nnames = ['UrlElicitationRequired', 'Sub']\nmessage = 'm'");
        let t = ts("enum ErrorCode { UrlElicitationRequired = -32042 }\ntype Sub = string;\n\
                    if (e.code === ErrorCode.UrlElicitationRequired) {}\nlet s: Sub;");
        assert_eq!(found(&p, &t).len(), 2);
    }

    #[test]
    fn rust_shapes_see_through_some_and_struct_names() {
        let key = pattern("what = 'key'\nnames = ['list_changed']\nparent_key = ['roots', 'RootsCapabilities']\nvalue = 'set'\nmessage = 'm'");
        let src = "fn f() {\n\
                   let a = ClientCapabilities { roots: Some(RootsCapabilities { list_changed: Some(true) }), ..Default::default() };\n\
                   let b = RootsCapabilities { list_changed: Some(true) };\n\
                   let c = RootsCapabilities { list_changed: None };\n\
                   let d = ToolsCapability { list_changed: Some(true) };\n}";
        let t = rs(src);
        assert_eq!(found(&key, &t).len(), 2, "{:?}", found(&key, &t));
        let sent = pattern("what = 'method'\nvalues = ['roots/list']\nsent = true\nmessage = 'm'");
        let src = "fn g(out: &mut Stdout) {\n\
                   let msg = json!({\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"roots/list\"});\n\
                   out.write_all(msg.to_string().as_bytes());\n\
                   let table = json!({\"method\": \"roots/list\"});\n\
                   keep(table);\n}";
        assert_eq!(found(&sent, &rs(src)).len(), 1);
    }

    #[test]
    fn member_only_idents() {
        let p = pattern("what = 'ident'\nnames = ['elicitationId']\nmember = true\nmessage = 'm'");
        let t = ts("const elicitationId = id(); use(elicitationId); read(req.params.elicitationId);");
        assert_eq!(found(&p, &t).len(), 1);
    }

    #[test]
    fn calls_by_argument_type() {
        let p = pattern("what = 'call'\nnames = ['subscribe']\narg_type = ['SubscribeRequestParams']\nmessage = 'm'");
        let t = ts("client.subscribe(SubscribeRequestParams.new(uri));\n\
                    client.subscribe(SubscribeRequestParams.builder().uri(u).build());\n\
                    rx.subscribe(); redis.subscribe('channel'); client.subscribe(params);");
        assert_eq!(found(&p, &t).len(), 2);
    }

    #[test]
    fn constants_branched_on_resolve_to_their_value() {
        let t = ts("const URL_REQUIRED = -32_042;\nenum Codes { Url = -32042, Other = 5 }\n\
                    if (e.code === URL_REQUIRED) {}\nswitch (e.code) { case Codes.Url: break; case Codes.Other: break; }\n\
                    throw new McpError(URL_REQUIRED, 'x');");
        let constants = int_constants(t.root());
        let hits: Vec<i64> =
            t.nodes().filter(|n| is_branch_operand(*n)).filter_map(|n| constant_value(&constants, n)).collect();
        assert_eq!(hits, vec![-32042, -32042, 5]);
    }

    /// The names of the calls `p` matches in `src`.
    fn calls(p: &Pattern, src: &str) -> Vec<String> {
        let t = ts(src);
        t.nodes().filter(|n| n.kind() == Kind::Call).filter_map(|n| matches(p, n)).map(|(_, v)| v).collect()
    }

    #[test]
    fn in_handler_needs_a_handler_callback_or_attribute() {
        let p = pattern("what = 'call'\nnames = ['sendToolListChanged']\nin_handler = ['registerTool']\nmessage = 'm'");
        let src = "server.sendToolListChanged();\n\
                   server.registerTool('a', {}, async () => { server.sendToolListChanged(); });\n\
                   async function onB() { server.sendToolListChanged(); }\n\
                   server.registerTool('b', {}, onB);\n\
                   const onC = () => server.sendToolListChanged();\n\
                   watch('.', () => server.sendToolListChanged());";
        assert_eq!(calls(&p, src).len(), 2);
    }

    #[test]
    fn receiver_init_and_arg_keys() {
        let p = pattern(
            "what = 'call'\nnames = ['update', 'disable']\nreceiver = ['registered']\n\
             receiver_init = ['registerTool']\narg_keys = ['enabled']\nmessage = 'm'",
        );
        let src = "const t = server.registerTool('a', {}, f);\n\
                   const s = settings();\n\
                   t.update({ enabled: false });\n\
                   t.update({ title: 'x' });\n\
                   s.update({ enabled: false });\n\
                   registered.get('x')?.update({ enabled: true });";
        assert_eq!(calls(&p, src), vec!["update".to_string(), "update".to_string()]);
        let t = ts("const t = await server.registerTool('a', {}, f);\nt.x();");
        let receiver =
            t.nodes().find(|n| n.kind() == Kind::Call && n.call_name() == Some("x")).and_then(|c| c.receiver());
        assert!(receiver.is_some_and(|r| initialized_by(r, &["registerTool".to_string()])));
    }

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

    #[test]
    fn method_read_by_index() {
        let src = "fn f(msg: Value) { match msg[\"method\"].as_str()? { \"ping\" => 1, _ => 0 }; }";
        let tree = match crate::lang::rust::lower(&SourceFile::new(src.to_string())) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        };
        let ping = tree.nodes().find(|n| n.kind() == Kind::Str && n.text() == "ping");
        assert!(ping.is_some_and(is_method_position));
    }

    #[test]
    fn method_parameter_of_a_local_function() {
        let src = "async function rpc(url: URL, method: string, params: object) {}\n\
                   rpc(u, 'initialize', {});\nother(u, 'initialize');";
        let tree = match crate::lang::typescript::lower(
            &SourceFile::new(src.to_string()),
            crate::lang::typescript::Dialect::TypeScript,
        ) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        };
        let found: Vec<bool> = tree
            .nodes()
            .filter(|n| n.kind() == Kind::Str && n.text() == "initialize")
            .map(is_method_position)
            .collect();
        assert_eq!(found, vec![true, false]);
    }

    #[test]
    fn splits_names_into_words() {
        assert_eq!(name_words("protocolVersion"), ["protocol", "version"]);
        assert_eq!(name_words("SUPPORTED_PROTOCOL_VERSIONS"), ["supported", "protocol", "versions"]);
        assert_eq!(name_words("MCP-Protocol-Version"), ["mcp", "protocol", "version"]);
        assert_eq!(
            name_words("io.modelcontextprotocol/protocolVersion"),
            ["io", "modelcontextprotocol", "protocol", "version"]
        );
        assert_eq!(name_words("V_2025_06_18"), ["v", "2025", "06", "18"]);
        assert_eq!(name_words("HeaderMismatch"), ["header", "mismatch"]);
    }
}
