//! Functions of the project that do a removed thing for their callers: a wrapper that sends a
//! server-initiated request (`Context::list_roots`, `BaseTool.samplingRequest`), a client
//! method that sends `resources/subscribe`. A call of such a function does what its body does,
//! so the call is a finding of the same rule, wherever it is.

use std::collections::HashMap;

use super::{Doing, FileIndex, Meaning, ProjectIndex};
use crate::diagnostic::{Diagnostic, Related};
use crate::engine::{make_diagnostic, Engine};
use crate::source::SourceFile;
use crate::tree::{Kind, NodeRef, Role, Tree};

/// Marks the functions of a file that exist to do one removed thing: their body sends it (see
/// [`Diagnostic::sends`]), for one rule only, and their name says so (the rule's
/// `wrapper_words`: `list_roots`, `samplingRequest`, `subscribe_to_resource`). A function that
/// merely uses a removed request on the way to something else (`health_probe` with `ping`)
/// passes nothing on.
pub fn mark_doers(index: &mut FileIndex, tree: &Tree, diagnostics: &[Diagnostic]) {
    let Ok(registry) = crate::rules::registry() else { return };
    let mut by_fn: HashMap<(usize, usize), Vec<&Diagnostic>> = HashMap::new();
    for d in diagnostics.iter().filter(|d| d.sends) {
        let Some(words) = registry.get(d.rule).map(|r| &r.meta.wrapper_words).filter(|w| !w.is_empty()) else {
            continue;
        };
        let Some(f) = innermost_fn(tree, d.range) else { continue };
        if !names_a_wrapper(crate::patterns::function_name(f), words) {
            continue;
        }
        let Some(name) = function_name_span(f) else { continue };
        by_fn.entry(name).or_default().push(d);
    }
    for (range, found) in by_fn {
        let first = found[0];
        if found.iter().any(|d| d.rule != first.rule) {
            continue;
        }
        if let Some(def) = index.defs.iter_mut().find(|d| d.range == range) {
            def.does = Some(Doing {
                rule: first.rule.to_string(),
                message: strip_through(&first.message).to_string(),
                legacy_handler: first.legacy_handler,
            });
        }
    }
}

/// The findings of the calls in `tree` that call a function the index says does a removed
/// thing.
pub fn calls_to_doers(
    engine: &Engine,
    index: &ProjectIndex,
    file: usize,
    path: &str,
    source: &SourceFile,
    tree: &Tree,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for call in tree.nodes().filter(|n| n.kind() == Kind::Call) {
        let Some(callee) = call.callee() else { continue };
        let name = callee.text();
        if name.is_empty() || !index.is_doer(name) {
            continue;
        }
        let Some(m) = called(index, file, call, callee) else { continue };
        let Some(doing) = &m.def.does else { continue };
        // The function's own body is reported where it is.
        if m.path == path && call.ancestors().any(|a| a.kind() == Kind::Fn && a.name_span() == Some(m.def.range)) {
            continue;
        }
        let Some(def) = engine.rules.iter().find(|r| r.meta.id == doing.rule) else { continue };
        let message = format!("calls `{name}` ({}:{}), which {}", m.path, m.def.start.line, doing.message);
        let mut d = make_diagnostic(&def.meta, path, source, call.focus(), message);
        d.legacy_handler = doing.legacy_handler;
        // A function that calls a wrapper is a wrapper too, when its name says so.
        d.sends = true;
        d.related.push(Related {
            path: m.path.to_string(),
            start: m.def.start,
            end: m.def.start,
            range: m.def.range,
            message: format!("`{}` is defined here", m.def.name),
        });
        out.push(d);
    }
    out
}

/// The function of the project a call calls: a path or name resolved through the index, or a
/// method (`ctx.list_roots()`, `this.samplingRequest(…)`) found by name and number of
/// arguments, on the enclosing impl or class first when called on `self`/`this`.
fn called<'a>(index: &'a ProjectIndex, file: usize, call: NodeRef<'_>, callee: NodeRef<'_>) -> Option<Meaning<'a>> {
    let args = call.args().count();
    match callee.kind() {
        Kind::Ident => index.doer_named(file, None, callee.text(), Some(args)),
        Kind::Member => {
            let on_self = callee.object().is_some_and(|o| o.is_ident("self") || o.is_ident("this"));
            let owner = on_self.then(|| callee.enclosing(Kind::Container).map(|c| c.text())).flatten();
            owner
                .and_then(|o| index.doer_named(file, Some(o), callee.text(), Some(args)))
                .or_else(|| index.doer_named(file, None, callee.text(), Some(args)))
        }
        _ => None,
    }
    .filter(|m| m.def.does.is_some())
}

/// The innermost function whose span holds `range`.
fn innermost_fn(tree: &Tree, range: (usize, usize)) -> Option<NodeRef<'_>> {
    tree.nodes().filter(|n| n.kind() == Kind::Fn && n.start() <= range.0 && range.1 <= n.end()).last()
}

/// The span of a function's name, or of the variable or property an anonymous one is bound to.
fn function_name_span(f: NodeRef<'_>) -> Option<(usize, usize)> {
    if !f.text().is_empty() {
        return f.name_span();
    }
    f.parent()
        .filter(|p| matches!(p.kind(), Kind::Var | Kind::Pair | Kind::Field) && f.role() != Role::Arg)?
        .name_span()
}

/// Whether a function's name has one of `words` among its words (or a word that abbreviates
/// one, or that one abbreviates, four letters or more).
fn names_a_wrapper(name: &str, words: &[String]) -> bool {
    crate::patterns::name_words(name).iter().any(|w| {
        words.iter().any(|x| {
            x == w || (w.len() >= 4 && x.starts_with(w.as_str())) || (x.len() >= 4 && w.starts_with(x.as_str()))
        })
    })
}

fn strip_through(message: &str) -> &str {
    message.split(" (through `").next().unwrap_or(message)
}
