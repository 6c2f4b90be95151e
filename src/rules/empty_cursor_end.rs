//! MCP405 `empty-cursor-end`: pagination that stops on an empty-string cursor.
//!
//! Three shapes, all inside a function that pages through an MCP list (it reads `nextCursor`
//! and calls a list method): a loop condition that is false for `""` (`while (cursor)`), a
//! branch that leaves the loop when the cursor is falsy or empty (`if (!res.nextCursor)
//! break`), and Rust `.is_empty()` on a cursor or on a value bound from one. Tests for absence
//! (`!== undefined`, `is_none()`) never match: they are what the rule asks for.
//!
//! Fix (safe): the test becomes a test of absence where the code shows the cursor can be
//! absent: TS truthiness and `''` comparisons of an optional cursor, Rust `.is_empty()` reached
//! from an `Option` (`unwrap_or("")`, a `filter` closure, a `Some(c)` guard). A string cursor
//! with `''` for "none" (`let cursor = ''`, `?? ''`), `.length` tests and Rust `String` cursors
//! keep no fix: testing them for absence would never end the loop.

use crate::engine::FileCx;
use crate::fix::{Edit, Fix};
use crate::patterns::see_through;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &EmptyCursorEnd;

struct EmptyCursorEnd;

/// The rule's `[data]`.
struct Names<'m> {
    suffix: &'m str,
    next_cursor: &'m [&'m str],
    passthrough: &'m [&'m str],
    closures: &'m [&'m str],
}

impl<'m> Names<'m> {
    fn of(meta: &'static RuleMeta) -> Self {
        Names {
            suffix: meta.data_str("cursor_suffix").unwrap_or("cursor"),
            next_cursor: meta.data_strings("next_cursor_names"),
            passthrough: meta.data_strings("passthrough_calls"),
            closures: meta.data_strings("closure_calls"),
        }
    }

    /// `cursor`, `nextCursor`, `next_cursor`, `pageCursor`; not `cursors`.
    fn is_cursor_name(&self, name: &str) -> bool {
        let folded: String = name.chars().filter(|&c| c != '_').collect::<String>().to_ascii_lowercase();
        !self.suffix.is_empty() && folded.ends_with(self.suffix)
    }

    /// An expression whose value is a cursor: a cursor-named variable or field, possibly through
    /// calls that pass it on unchanged (`next_cursor.as_deref().unwrap_or("")`).
    fn is_cursor(&self, expr: NodeRef<'_>) -> bool {
        let mut cur = expr;
        loop {
            cur = see_through(cur);
            match cur.kind() {
                Kind::Ident | Kind::Member => return self.is_cursor_name(cur.text()),
                Kind::Call if cur.call_name().is_some_and(|n| self.passthrough.contains(&n)) => match cur.receiver() {
                    Some(r) => cur = r,
                    None => return false,
                },
                _ => return false,
            }
        }
    }

    /// A cursor, or a name bound from one: a closure parameter of `cursor.filter(|c| …)`, a
    /// `match`/`if let` binding over a cursor, a `let` initialized from one.
    fn is_cursor_value(&self, expr: NodeRef<'_>) -> bool {
        if self.is_cursor(expr) {
            return true;
        }
        let expr = see_through(expr);
        if expr.kind() != Kind::Ident {
            return false;
        }
        let name = expr.text();
        for a in expr.ancestors() {
            match a.kind() {
                Kind::Fn => {
                    if a.children_with(Role::Param).any(|p| p.text() == name || binds(p, name)) {
                        let call = a.parent().filter(|c| a.role() == Role::Arg && c.kind() == Kind::Call);
                        return call.is_some_and(|c| {
                            c.call_name().is_some_and(|n| self.closures.contains(&n))
                                && c.receiver().is_some_and(|r| self.is_cursor(r))
                        });
                    }
                    // A `let` in this function initialized from a cursor.
                    return a.descendants().any(|v| {
                        v.kind() == Kind::Var
                            && v.text() == name
                            && v.start() < expr.start()
                            && v.value().is_some_and(|init| self.is_cursor(init))
                    });
                }
                Kind::Case if a.children_with(Role::Pattern).any(|p| binds(p, name)) => {
                    let scrutinee = a.parent().and_then(|s| s.child(Role::Scrutinee));
                    return scrutinee.is_some_and(|s| self.is_cursor(s));
                }
                Kind::If | Kind::Loop => {
                    // `if let Some(c) = page.next_cursor { … }`
                    let binding = a.child(Role::Cond).filter(|c| c.kind() == Kind::Other && c.text() == "let");
                    if let Some(binding) = binding.filter(|b| b.children_with(Role::Pattern).any(|p| binds(p, name))) {
                        return binding.child(Role::Init).is_some_and(|i| self.is_cursor(i));
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// A test that is true for a usable cursor and false for `""`: `cursor`, `cursor.length`,
    /// `cursor !== ''`, `cursor.length > 0`.
    fn positive_test(&self, test: NodeRef<'_>) -> bool {
        match test.kind() {
            Kind::Ident | Kind::Member | Kind::Call => self.truthy_cursor(test),
            Kind::Binary => {
                let (op, l, r) = binary(test);
                let (Some(l), Some(r)) = (l, r) else { return false };
                (matches!(op, "!==" | "!=") && self.empty_compare(l, r)) || self.length_compare(op, l, r, false)
            }
            _ => false,
        }
    }

    /// A test that is true for `""`: `!cursor`, `cursor === ''`, `cursor.length === 0`.
    fn negative_test(&self, test: NodeRef<'_>) -> bool {
        match test.kind() {
            Kind::Unary if test.text() == "!" => test.children().next().is_some_and(|inner| self.truthy_cursor(inner)),
            Kind::Binary => {
                let (op, l, r) = binary(test);
                let (Some(l), Some(r)) = (l, r) else { return false };
                (matches!(op, "===" | "==") && self.empty_compare(l, r)) || self.length_compare(op, l, r, true)
            }
            _ => false,
        }
    }

    /// A cursor (or its length) used as a boolean. Rust has no truthiness; TS and Python have.
    fn truthy_cursor(&self, expr: NodeRef<'_>) -> bool {
        if expr.tree().lang() == crate::tree::Lang::Rust {
            return false;
        }
        match expr.kind() {
            Kind::Member if expr.text() == "length" => expr.object().is_some_and(|o| self.is_cursor(o)),
            Kind::Call => self.is_length(expr),
            Kind::Ident | Kind::Member => self.is_cursor_name(expr.text()),
            _ => false,
        }
    }

    /// `cursor === ''` in either order.
    fn empty_compare(&self, l: NodeRef<'_>, r: NodeRef<'_>) -> bool {
        let empty = |n: NodeRef<'_>| n.kind() == Kind::Str && n.text().is_empty();
        (empty(r) && self.is_cursor_value(l)) || (empty(l) && self.is_cursor_value(r))
    }

    /// The length of a cursor: TS `cursor.length`, Python `len(cursor)`.
    fn is_length(&self, n: NodeRef<'_>) -> bool {
        match n.kind() {
            Kind::Member => n.text() == "length" && n.object().is_some_and(|o| self.is_cursor(o)),
            Kind::Call => {
                n.callee().is_some_and(|c| c.is_ident("len")) && n.args().count() == 1 && n.arg(0).is_some_and(|a| self.is_cursor(a))
            }
            _ => false,
        }
    }

    /// A cursor's length compared with 0 or 1: true for `""` when `when_empty`, false otherwise.
    fn length_compare(&self, op: &str, l: NodeRef<'_>, r: NodeRef<'_>, when_empty: bool) -> bool {
        if !self.is_length(l) {
            return false;
        }
        match (op, r.int()) {
            ("===" | "==" | "<=", Some(0)) | ("<", Some(1)) => when_empty,
            ("!==" | "!=" | ">", Some(0)) | (">=", Some(1)) => !when_empty,
            _ => false,
        }
    }
}

impl Rule for EmptyCursorEnd {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        vec![Kind::Loop, Kind::If, Kind::Call]
    }

    /// Its own code reads every node it is offered.
    fn own_kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        self.kinds(meta)
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        let names = Names::of(cx.meta());
        let mut found: Vec<NodeRef<'_>> = Vec::new();
        match node.kind() {
            // `while (cursor)`, `do { … } while (cursor && n < max)`
            Kind::Loop => {
                if let Some(cond) = node.child(Role::Cond) {
                    found.extend(split(cond, "&&").into_iter().filter(|t| names.positive_test(*t)));
                }
            }
            // `if (!res.nextCursor) break;`, `if (res.nextCursor) … else break;`
            Kind::If => {
                let Some(cond) = node.child(Role::Cond) else { return };
                if node.child(Role::Then).is_some_and(|t| ends_paging(node, t)) {
                    found.extend(split(cond, "||").into_iter().filter(|t| names.negative_test(*t)));
                }
                if node.child(Role::Else).is_some_and(|e| ends_paging(node, e)) {
                    found.extend(split(cond, "&&").into_iter().filter(|t| names.positive_test(*t)));
                }
            }
            // `cursor.is_empty()`, `.filter(|c| !c.is_empty())`
            Kind::Call
                if node.call_name() == Some("is_empty") && node.receiver().is_some_and(|r| names.is_cursor_value(r)) =>
            {
                found.push(node);
            }
            _ => {}
        }
        if found.is_empty() || !paginates(node, &names) {
            return;
        }
        for test in found {
            let snippet = crate::engine::normalized(cx.text(test));
            let shown = if snippet.chars().count() > 60 {
                format!("{}…", snippet.chars().take(60).collect::<String>())
            } else {
                snippet
            };
            let message = match node.kind() {
                Kind::Loop => format!("the loop condition `{shown}` is false for an empty-string cursor, so paging stops early"),
                Kind::If => format!("`{shown}` ends paging when the cursor is an empty string"),
                _ => format!("`{shown}` treats an empty-string cursor as the end of the list"),
            };
            let fix = absence_fix(test, &names, cx);
            let diag = cx.report(test, message);
            if let Some(fix) = fix {
                diag.with_fix(fix);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The fix: a test of emptiness becomes a test of absence, where the code shows that the cursor
// can be absent (an optional response field, an `Option`) and not an empty-string sentinel.

/// The edit for one reported test, or `None` where the code cannot show the cursor's type.
fn absence_fix(test: NodeRef<'_>, names: &Names<'_>, cx: &FileCx<'_>) -> Option<Fix> {
    match test.tree().lang() {
        crate::tree::Lang::TypeScript => ts_absence(test, names, cx),
        crate::tree::Lang::Rust => rust_absence(test, names, cx),
        crate::tree::Lang::Python => py_absence(test, names, cx),
    }
}

/// Python: `while cursor:` → `while cursor is not None:`, `not cursor` → `cursor is None`,
/// `cursor == ""` → `cursor is None` (dropped after `cursor is None or`). `len(cursor)` tests and
/// string cursors with `""` for "none" keep no fix, as in TypeScript.
fn py_absence(test: NodeRef<'_>, names: &Names<'_>, cx: &FileCx<'_>) -> Option<Fix> {
    let replace = |at: NodeRef<'_>, with: String| Some(Fix::safe(format!("Test for absence: `{with}`"), vec![Edit::replace(at.span(), with)]));
    let plain = |n: NodeRef<'_>| matches!(n.kind(), Kind::Ident | Kind::Member) && !string_sentinel(n);
    match test.kind() {
        Kind::Ident | Kind::Member if plain(test) => replace(test, format!("{} is not None", cx.text(test))),
        Kind::Unary => {
            let inner = test.children().next().filter(|i| plain(*i))?;
            replace(test, format!("{} is None", cx.text(inner)))
        }
        Kind::Binary => {
            let (op, l, r) = binary(test);
            let (l, r) = (l?, r?);
            let empty = |n: NodeRef<'_>| n.kind() == Kind::Str && n.text().is_empty();
            let cursor = if empty(r) { l } else if empty(l) { r } else { return None };
            if !plain(cursor) || !names.is_cursor(cursor) {
                return None;
            }
            let before = test.parent().filter(|p| p.kind() == Kind::Binary && p.text() == "||" && test.role() == Role::Right);
            if op == "==" {
                if let Some(absent) = before.and_then(|p| p.child(Role::Left)).filter(|a| tests_absence(*a, cursor, cx)) {
                    return Some(Fix::safe("Drop the test for an empty cursor", vec![Edit::delete((absent.end(), test.end()))]));
                }
            }
            let is = if op == "==" { "is" } else { "is not" };
            replace(test, format!("{} {is} None", cx.text(cursor)))
        }
        _ => None,
    }
}

fn ts_absence(test: NodeRef<'_>, names: &Names<'_>, cx: &FileCx<'_>) -> Option<Fix> {
    let replace = |at: NodeRef<'_>, with: String| Some(Fix::safe(format!("Test for absence: `{with}`"), vec![Edit::replace(at.span(), with)]));
    match test.kind() {
        // `while (cursor)` → `while (cursor !== undefined)`
        Kind::Ident | Kind::Member if test.text() != "length" && !string_sentinel(test) => {
            replace(test, format!("{} !== undefined", cx.text(test)))
        }
        // `if (!res.nextCursor) break` → `if (res.nextCursor === undefined) break`
        Kind::Unary => {
            let inner = test.children().next().filter(|i| matches!(i.kind(), Kind::Ident | Kind::Member))?;
            (inner.text() != "length" && !string_sentinel(inner)).then_some(())?;
            replace(test, format!("{} === undefined", cx.text(inner)))
        }
        // `cursor === ''` → `cursor === undefined`, or dropped after `cursor === undefined ||`.
        Kind::Binary => {
            let (op, l, r) = binary(test);
            let (l, r) = (l?, r?);
            let empty = |n: NodeRef<'_>| n.kind() == Kind::Str && n.text().is_empty();
            let (cursor, literal) = if empty(r) { (l, r) } else if empty(l) { (r, l) } else { return None };
            if !matches!(cursor.kind(), Kind::Ident | Kind::Member) || string_sentinel(cursor) || !names.is_cursor(cursor) {
                return None;
            }
            let before = test.parent().filter(|p| p.kind() == Kind::Binary && p.text() == "||" && test.role() == Role::Right);
            if matches!(op, "===" | "==") {
                if let Some(absent) = before.and_then(|p| p.child(Role::Left)).filter(|a| tests_absence(*a, cursor, cx)) {
                    let fix = Fix::safe("Drop the test for an empty cursor", vec![Edit::delete((absent.end(), test.end()))]);
                    return Some(fix);
                }
            }
            Some(Fix::safe(
                format!("Test for absence: compare `{}` with `undefined`", cx.text(cursor)),
                vec![Edit::replace(literal.span(), "undefined")],
            ))
        }
        _ => None,
    }
}

/// `cursor === undefined`, `cursor == null` for the same cursor expression.
fn tests_absence(test: NodeRef<'_>, cursor: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    let (op, l, r) = binary(test);
    let (Some(l), Some(r)) = (l, r) else { return false };
    let unset = |n: NodeRef<'_>| n.kind() == Kind::Null || n.is_ident("undefined");
    matches!(op, "===" | "==") && ((unset(r) && cx.text(l) == cx.text(cursor)) || (unset(l) && cx.text(r) == cx.text(cursor)))
}

/// A cursor variable the function keeps as a string with `''` for "none" (`let cursor = ''`,
/// `cursor = page.nextCursor ?? ''`): testing it for `undefined` would never end the loop.
fn string_sentinel(cursor: NodeRef<'_>) -> bool {
    if cursor.kind() != Kind::Ident {
        return false;
    }
    let name = cursor.text();
    let scope = cursor.enclosing(Kind::Fn).unwrap_or_else(|| cursor.tree().root());
    let string_value = |v: NodeRef<'_>| {
        v.kind() == Kind::Str
            || (v.kind() == Kind::Binary
                && matches!(v.text(), "??" | "||")
                && v.child(Role::Right).is_some_and(|r| r.kind() == Kind::Str))
    };
    scope.descendants().any(|n| match n.kind() {
        Kind::Var => n.text() == name && n.value().is_some_and(string_value),
        Kind::Assign => {
            n.child(Role::Left).is_some_and(|l| l.is_ident(name)) && n.child(Role::Right).is_some_and(string_value)
        }
        _ => false,
    })
}

/// Rust: where the code shows the cursor is an `Option`, the emptiness test goes.
fn rust_absence(call: NodeRef<'_>, names: &Names<'_>, cx: &FileCx<'_>) -> Option<Fix> {
    if call.kind() != Kind::Call || call.call_name() != Some("is_empty") {
        return None;
    }
    let receiver = call.receiver()?;
    // `next_cursor.as_deref().unwrap_or("").is_empty()` → `next_cursor.as_deref().is_none()`
    if receiver.kind() == Kind::Call {
        let defaulted = match receiver.call_name() {
            Some("unwrap_or") => receiver.arg(0).is_some_and(|a| a.kind() == Kind::Str && a.text().is_empty()),
            Some("unwrap_or_default") => receiver.arg(0).is_none(),
            _ => false,
        };
        let option = receiver.receiver().filter(|o| defaulted && names.is_cursor(*o))?;
        let with = format!("{}.is_none()", cx.text(option));
        return Some(Fix::safe(format!("Test for absence: `{with}`"), vec![Edit::replace(call.span(), with)]));
    }
    // The rest test a value bound from an `Option` cursor for emptiness, negated.
    let negation = call.parent().filter(|p| p.kind() == Kind::Unary && p.text() == "!")?;
    let bound = see_through(receiver);
    if bound.kind() != Kind::Ident {
        return None;
    }
    let holder = negation.parent()?;
    match (negation.role(), holder.kind()) {
        // `cursor.filter(|c| !c.is_empty())` → `cursor`; `.is_some_and(|c| !c.is_empty())` → `.is_some()`
        (Role::Body, Kind::Fn) => {
            let only_param = holder.children_with(Role::Param).count() == 1
                && holder.child(Role::Param).is_some_and(|p| p.text() == bound.text());
            let user = holder.parent().filter(|c| c.kind() == Kind::Call && holder.role() == Role::Arg && only_param)?;
            let option = user.receiver().filter(|r| names.is_cursor(*r))?;
            match user.call_name()? {
                "filter" => Some(Fix::safe("Drop the filter on empty cursors", vec![Edit::delete((option.end(), user.end()))])),
                "is_some_and" => Some(Fix::safe(
                    "Test for presence: `is_some()`",
                    vec![Edit::replace((option.end(), user.end()), ".is_some()")],
                )),
                _ => None,
            }
        }
        // `Some(c) if !c.is_empty() =>` → `Some(c) =>`
        (Role::Guard, Kind::Case) => {
            let scrutinee = holder.parent().and_then(|m| m.child(Role::Scrutinee))?;
            let pattern = holder.children_with(Role::Pattern).last()?;
            let some = pattern.kind() == Kind::Call
                && pattern.call_name() == Some("Some")
                && pattern.arg(0).is_some_and(|a| a.is_ident(bound.text()));
            (some && names.is_cursor(scrutinee))
                .then(|| Fix::safe("Drop the guard on empty cursors", vec![Edit::delete((pattern.end(), negation.end()))]))
        }
        _ => None,
    }
}

/// The operator and operands of a `Binary`.
fn binary(node: NodeRef<'_>) -> (&str, Option<NodeRef<'_>>, Option<NodeRef<'_>>) {
    (node.text(), node.child(Role::Left), node.child(Role::Right))
}

/// The operands of a chain of `op` (`a && b && c` → `[a, b, c]`).
fn split<'t>(cond: NodeRef<'t>, op: &str) -> Vec<NodeRef<'t>> {
    let mut out = Vec::new();
    let mut stack = vec![cond];
    while let Some(n) = stack.pop() {
        if n.kind() == Kind::Binary && n.text() == op {
            stack.extend(n.child(Role::Right));
            stack.extend(n.child(Role::Left));
        } else {
            out.push(n);
        }
    }
    out
}

/// Whether a pattern node binds `name` (`Some(c)`, `c`, `{ c }`).
fn binds(pattern: NodeRef<'_>, name: &str) -> bool {
    let hit = |n: NodeRef<'_>| matches!(n.kind(), Kind::Ident | Kind::Param) && n.text() == name;
    hit(pattern) || pattern.descendants().any(hit)
}

/// Whether a branch of `branch_of` leaves the pagination: a `break` of the enclosing loop, or a
/// `return` from inside a loop or from a function that pages by calling itself.
fn ends_paging(branch_of: NodeRef<'_>, branch: NodeRef<'_>) -> bool {
    let in_loop = branch_of.ancestors().take_while(|a| a.kind() != Kind::Fn).any(|a| a.kind() == Kind::Loop);
    let exits = |n: NodeRef<'_>, kind: Kind| {
        n.kind() == kind
            || n.descendants().any(|d| {
                d.kind() == kind
                    && d.ancestors()
                        .take_while(|a| a.id() != n.id())
                        .all(|a| a.kind() != Kind::Fn && (kind == Kind::Return || a.kind() != Kind::Loop))
            })
    };
    if in_loop {
        return exits(branch, Kind::Break) || exits(branch, Kind::Return);
    }
    exits(branch, Kind::Return) && recursive(branch_of)
}

/// Whether the function around `node` calls itself.
fn recursive(node: NodeRef<'_>) -> bool {
    let Some(f) = node.enclosing(Kind::Fn) else { return false };
    let name = match f.parent() {
        Some(var) if f.role() == Role::Init && var.kind() == Kind::Var => var.text(),
        _ => f.text(),
    };
    !name.is_empty() && f.descendants().any(|c| c.kind() == Kind::Call && c.call_name() == Some(name))
}

/// Whether the function around `node` pages through an MCP list: it reads `nextCursor` and
/// calls a list method (`listTools`, `list_resources`, a `*/list` request).
fn paginates(node: NodeRef<'_>, names: &Names<'_>) -> bool {
    // Closures passed as arguments (`.filter(|c| …)`, `.then(page => …)`) belong to the
    // function around them.
    let scope = node
        .ancestors()
        .find(|a| a.kind() == Kind::Fn && a.role() != Role::Arg)
        .unwrap_or_else(|| node.tree().root());
    let mut reads_next = false;
    let mut lists = false;
    for n in std::iter::once(scope).chain(scope.descendants()) {
        match n.kind() {
            // `page.nextCursor`, `{ nextCursor }`, `reply["result"]["nextCursor"]`
            Kind::Ident | Kind::Member | Kind::Pair | Kind::Field | Kind::Var | Kind::Str
                if names.next_cursor.contains(&n.text()) =>
            {
                reads_next = true;
            }
            Kind::Call if n.call_name().is_some_and(is_list_call) => lists = true,
            Kind::Str if n.text().ends_with("/list") && crate::context::is_mcp_method(n.text()) => lists = true,
            _ => {}
        }
        if reads_next && lists {
            return true;
        }
    }
    false
}

/// `listTools`, `list_resources`, `listRequestorTasks`; not a bare `list` (third-party APIs).
fn is_list_call(name: &str) -> bool {
    name.strip_prefix("list")
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| c.is_ascii_uppercase() || c == '_')
}
