//! Findings at the definitions that a use leads to: the handler a removed method is routed
//! to (`app.map_handler(INIT, Self::init)` in one file, `async fn init` in another), and the
//! constant that names a removed method, header or revision where its uses were reported
//! (`pub const INIT: &str = "initialize";`). Both are where a team edits the code, and neither
//! says so on its own.

use std::collections::HashSet;

use super::{DefKind, Meaning, ProjectIndex, Value};
use crate::diagnostic::{Diagnostic, Related};
use crate::engine::{fingerprint, shortened};
use crate::source::Position;
use crate::tree::{flags, Kind, NodeRef};

/// Where a handler is named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A name or path (`on_ping`, `Self::init`, `handlers::ping`), written inside the inline
    /// modules `scope` and the impl or class `owner`.
    Path { segs: Vec<String>, scope: Vec<String>, owner: Option<String> },
    /// A method called by name: on `self`/`this` (`owner` set: a function of that impl or
    /// class), or on another receiver (any function of that name in the package), with the
    /// number of arguments when it is a call.
    Method { name: String, owner: Option<String>, args: Option<usize> },
}

impl Target {
    pub fn path(at: NodeRef<'_>, segs: Vec<String>) -> Target {
        Target::Path { segs, scope: inline_modules(at), owner: owner_of(at) }
    }

    pub fn method(at: NodeRef<'_>, name: &str, on_self: bool, args: Option<usize>) -> Target {
        Target::Method { name: name.to_string(), owner: if on_self { owner_of(at) } else { None }, args }
    }

    /// The function's own name.
    pub fn name(&self) -> &str {
        match self {
            Target::Path { segs, .. } => segs.last().map_or("", String::as_str),
            Target::Method { name, .. } => name,
        }
    }
}

/// A finding whose code routes something removed (a method, an HTTP verb of the MCP endpoint)
/// to a handler defined elsewhere.
#[derive(Clone, Debug)]
pub struct Link {
    /// The finding at the routing (its rule, level and hint carry over).
    pub finding: Diagnostic,
    /// What the handler does, as its finding says it (`handles the removed `ping` request`).
    pub message: String,
    pub target: Target,
}

/// The findings at definitions: each linked handler, and each constant whose uses in other
/// places were reported, unless the same rule already reports that line.
pub fn at_definitions(index: &ProjectIndex, links: &[Link], findings: &[Diagnostic]) -> Vec<Diagnostic> {
    let reported: HashSet<(&str, &str, u32)> =
        findings.iter().map(|d| (d.rule, d.path.as_str(), d.start.line)).collect();
    let mut out: Vec<Diagnostic> = Vec::new();
    let mut seen: HashSet<(&str, String, u32)> = HashSet::new();
    let mut emit = |d: Diagnostic, out: &mut Vec<Diagnostic>| {
        if !reported.contains(&(d.rule, d.path.as_str(), d.start.line))
            && seen.insert((d.rule, d.path.clone(), d.start.line))
        {
            out.push(d);
        }
    };
    for link in links {
        let Some(file) = index.file_id(&link.finding.path) else { continue };
        for def in handlers(index, file, &link.target) {
            let message =
                format!("{}, routed to it at {}:{}", link.message, link.finding.path, link.finding.start.line);
            emit(at(&link.finding, def, message, &link.finding.path, link.finding.start), &mut out);
            // The handlers it hands the request on to, layer after layer.
            let mut seen_defs: Vec<(usize, (usize, usize))> = vec![(def.file, def.def.range)];
            let mut queue: Vec<(Meaning<'_>, usize)> = vec![(def, 1)];
            while let Some((from, depth)) = queue.pop() {
                let DefKind::Fn { delegates, .. } = &from.def.kind else { continue };
                if depth > MAX_DELEGATION {
                    continue;
                }
                for target in delegates {
                    for to in handlers(index, from.file, target) {
                        if seen_defs.contains(&(to.file, to.def.range)) {
                            continue;
                        }
                        seen_defs.push((to.file, to.def.range));
                        let message = format!(
                            "{}, handed on to it by `{}` at {}:{}",
                            link.message, from.def.name, from.path, from.def.start.line
                        );
                        emit(at(&link.finding, to, message, from.path, from.def.start), &mut out);
                        queue.push((to, depth + 1));
                    }
                }
            }
        }
    }
    for d in findings {
        let Some(r) = d.related.first() else { continue };
        // The names of server-initiated requests stay in 2026-07-28 (inside `inputRequests`):
        // only their direction is the finding, not the constant.
        if r.path == d.path || d.suppression.is_some() || KEEPS_ITS_NAME.contains(&d.rule) {
            continue;
        }
        let Some(file) = index.file_id(&r.path) else { continue };
        let Some(def) = index.file(file).and_then(|f| f.defs.iter().find(|x| x.range == r.range)) else { continue };
        let Some(Value::Str(value)) = def.value() else { continue };
        let meaning = Meaning { def, path: index.path(file), file };
        let message = format!(
            "`{}` (`{}`) is used at {}:{}, which {}",
            def.name,
            shortened(value, 60),
            d.path,
            d.start.line,
            strip_through(&d.message)
        );
        emit(at(d, meaning, message, &d.path, d.start), &mut out);
    }
    out
}

/// How many layers of handlers a routed request is followed through (a route shell, a
/// dispatcher, a handler, each in its own module).
const MAX_DELEGATION: usize = 3;

/// Rules whose matched name is still valid in 2026-07-28.
const KEEPS_ITS_NAME: &[&str] = &["MCP305"];

/// A finding like `template`, at a definition.
fn at(template: &Diagnostic, def: Meaning<'_>, message: String, from: &str, from_at: Position) -> Diagnostic {
    let start = def.def.start;
    let end = Position { line: start.line, column: start.column + def.def.name.chars().count() as u32 };
    Diagnostic {
        path: def.path.to_string(),
        start,
        end,
        range: def.def.range,
        message,
        related: vec![Related {
            path: from.to_string(),
            start: from_at,
            end: from_at,
            range: template.range,
            message: "used here".to_string(),
        }],
        suppression: None,
        baseline: None,
        fix: None,
        fingerprint: fingerprint(template.rule, def.path, &def.def.name),
        ..template.clone()
    }
}

/// A message without its ` (through …)` tail.
fn strip_through(message: &str) -> &str {
    message.split(" (through `").next().unwrap_or(message)
}

/// The functions a link names: one, or the `cfg` variants of one (at most a few; a name that
/// many functions share says nothing).
fn handlers<'a>(index: &'a ProjectIndex, file: usize, target: &Target) -> Vec<Meaning<'a>> {
    const MAX: usize = 3;
    let is_fn = |m: &Meaning<'_>| matches!(m.def.kind, DefKind::Fn { .. });
    let found = match target {
        Target::Path { segs, scope, owner } => {
            let segs: Vec<&str> = segs.iter().map(String::as_str).collect();
            match (owner, segs.as_slice()) {
                (Some(owner), ["Self", name]) => index.functions_of(file, Some(owner), name, None),
                _ => {
                    let m = match index.file(file).and_then(|f| f.lang) {
                        Some(crate::tree::Lang::Rust) => index.rust_path(file, scope, &segs),
                        _ => match segs.as_slice() {
                            [name] => index.ts_export(file, name, 0).or_else(|| index.ts_imported(file, name)),
                            _ => None,
                        },
                    };
                    m.into_iter().filter(is_fn).collect()
                }
            }
        }
        Target::Method { name, owner, args } => index.functions_of(file, owner.as_deref(), name, *args),
    };
    if found.len() > MAX {
        return Vec::new();
    }
    found
}

/// The inline modules around a node, outermost first.
fn inline_modules(node: NodeRef<'_>) -> Vec<String> {
    let mut out: Vec<String> = node
        .ancestors()
        .filter(|a| a.kind() == Kind::Other && a.has_flag(flags::MODULE))
        .map(|a| a.text().to_string())
        .collect();
    out.reverse();
    out
}

/// The impl or class a node is written in.
fn owner_of(node: NodeRef<'_>) -> Option<String> {
    node.enclosing(Kind::Container).map(|c| c.text().to_string())
}
