//! Runs every enabled rule over one file in a single pass, and the project rules once per run.
//!
//! The node pass is ast-grep's: a table from node kind to the rules that asked for it is built
//! once, then each node of the tree is offered only to those rules. A panic inside a rule is
//! caught, reported as an internal error for that file and rule, and the run goes on.

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::context::FileContext;
use crate::diagnostic::{Diagnostic, Related};
use crate::prefilter::RuleSet;
use crate::project::{Manifest, ProjectFact};
use crate::rules::{Level, Registry, RuleDef, RuleMeta};
use crate::source::{Position, SourceFile};
use crate::tree::{Kind, Lang, NodeId, NodeRef, Origin, Role, Tree};

/// Which era the project must speak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Target {
    /// 2026-07-28 only.
    #[default]
    Modern,
    /// Both eras: legacy handlers kept next to a modern path become notes.
    Dual,
}

/// The enabled rules, with the dispatch table of the node pass.
pub struct Engine {
    pub registry: &'static Registry,
    pub rules: Vec<&'static RuleDef>,
    /// Per node kind: the rules that asked for it, in rule order, each with whether it is
    /// offered a node only when one of its patterns may match the node's name (its own code
    /// does not read nodes of the kind, see [`Rule::own_kinds`](crate::rules::Rule::own_kinds),
    /// and each of its patterns for the kind compares a name).
    dispatch: Vec<Vec<(usize, bool)>>,
    /// Per node kind: every name the patterns of those rules compare, so that a node whose
    /// name none of them may match is turned away once, not once per rule.
    names: Vec<crate::patterns::Slot>,
    /// Per rule, per node kind: the rule's `[[match]]` patterns for that kind.
    patterns: Vec<Vec<crate::patterns::Slot>>,
    /// Offer every node of a rule's kinds to it, whether or not a pattern may match its name:
    /// a run without the prefilter checks that the shortcut changes nothing.
    pub offer_all: bool,
    pub target: Target,
    /// Test hook: panic inside the rule pass of files whose path contains this.
    pub inject_panic: Option<String>,
    /// Files larger than this are not analyzed.
    pub max_file_size: u64,
}

const KIND_COUNT: usize = Kind::Other as usize + 1;

impl Engine {
    pub fn new(registry: &'static Registry, enabled: &[&'static RuleDef], target: Target) -> Self {
        let rules: Vec<&'static RuleDef> = enabled.iter().copied().filter(|r| r.rule.is_some()).collect();
        let patterns: Vec<Vec<crate::patterns::Slot>> =
            rules.iter().map(|def| crate::patterns::by_kind(&def.meta.patterns)).collect();
        let mut dispatch: Vec<Vec<(usize, bool)>> = vec![Vec::new(); KIND_COUNT];
        for (i, def) in rules.iter().enumerate() {
            let Some(rule) = def.rule else { continue };
            let own = rule.own_kinds(&def.meta);
            let mut kinds = rule.kinds(&def.meta);
            kinds.sort_by_key(|k| *k as usize);
            kinds.dedup();
            for k in kinds {
                // A module is offered whole (constants branched on): one node per file.
                let by_name = !own.contains(&k)
                    && k != Kind::Module
                    && patterns.get(i).and_then(|p| p.get(k as usize)).is_none_or(|slot| !slot.is_unfiltered());
                if let Some(list) = dispatch.get_mut(k as usize) {
                    list.push((i, by_name));
                }
            }
        }
        let names = (0..KIND_COUNT)
            .map(|k| {
                let slots = dispatch[k].iter().filter(|(_, by_name)| *by_name).filter_map(|(i, _)| patterns[*i].get(k));
                crate::patterns::Slot::union(slots)
            })
            .collect();
        Engine {
            registry,
            rules,
            dispatch,
            names,
            patterns,
            offer_all: false,
            target,
            inject_panic: None,
            max_file_size: u64::MAX,
        }
    }

    /// Runs the rules of `offered` (every rule when `None`) over one lowered file.
    /// `package_mcp`: the file belongs to a package that is MCP code.
    pub fn check_file(
        &self,
        path: &str,
        source: &SourceFile,
        tree: &Tree,
        offered: Option<&RuleSet>,
        package_mcp: bool,
        index: Option<(&crate::index::ProjectIndex, usize)>,
    ) -> FileOutcome {
        self.check_file_in(path, source, tree, FileContext::of(tree), offered, package_mcp, index)
    }

    /// [`check_file`](Self::check_file) with the file's own context (`FileContext::of(tree)`)
    /// already known: the caller read it for the index, and the walk is not repeated.
    #[allow(clippy::too_many_arguments)]
    pub fn check_file_in(
        &self,
        path: &str,
        source: &SourceFile,
        tree: &Tree,
        own: FileContext,
        offered: Option<&RuleSet>,
        package_mcp: bool,
        index: Option<(&crate::index::ProjectIndex, usize)>,
    ) -> FileOutcome {
        let mut context = own;
        // A file of an MCP package speaks MCP even when it imports no SDK itself.
        context.mcp |= package_mcp;
        let mut out = FileOutcome::default();
        // Rules the prefilter did not offer the file to are skipped, so are rules that fire only
        // in MCP context (unless they gather facts) elsewhere, and a rule that panicked is
        // skipped for the rest of the file.
        let mut failed: Vec<bool> = self
            .rules
            .iter()
            .enumerate()
            .map(|(i, def)| {
                let p = &def.meta.prefilter;
                offered.is_some_and(|set| !set.contains(i))
                    || (p.context_only() && p.fact_tokens.is_empty() && !context.mcp)
            })
            .collect();
        let mut cx = FileCx {
            path,
            test_file: crate::patterns::is_test_file(path),
            source,
            tree,
            context: &context,
            target: self.target,
            index,
            asked_index: std::cell::RefCell::new(Vec::new()),
            bindings: std::cell::OnceCell::new(),
            meta: None,
            patterns: &[],
            out: &mut out,
        };
        if let Some(p) = self.inject_panic.as_deref().and_then(|p| p.strip_prefix("uncaught:")) {
            if path.contains(p) {
                panic!("injected fault outside the rule pass");
            }
        } else if self.inject_panic.as_deref().is_some_and(|p| path.contains(p)) {
            if let Err(panic) = catch_unwind(|| panic!("injected fault")) {
                cx.out.panics.push(("fault-injection".to_string(), panic_message(&*panic)));
            }
        }
        for node in tree.nodes() {
            let kind = node.kind() as usize;
            let Some(interested) = self.dispatch.get(kind) else {
                continue;
            };
            // The name the patterns compare, read once for all the rules, and whether some
            // rule's pattern may match it.
            let mut name: Option<&str> = None;
            let mut admitted: Option<bool> = None;
            for &(i, by_name) in interested {
                if failed[i] {
                    continue;
                }
                if by_name && !self.offer_all {
                    let name = *name.get_or_insert_with(|| crate::patterns::node_name(node));
                    let any = *admitted
                        .get_or_insert_with(|| self.names.get(kind).is_some_and(|all| all.admits_name(|| name)));
                    if !any || !self.patterns[i].get(kind).is_some_and(|slot| slot.admits_name(|| name)) {
                        continue;
                    }
                }
                let def = self.rules[i];
                if let Some(rule) = def.rule {
                    cx.meta = Some(&def.meta);
                    cx.patterns = &self.patterns[i];
                    if let Err(panic) = catch_unwind(AssertUnwindSafe(|| rule.check_node(node, &mut cx))) {
                        failed[i] = true;
                        cx.out.panics.push((def.meta.id.clone(), panic_message(&*panic)));
                    }
                }
            }
        }
        for (i, def) in self.rules.iter().enumerate() {
            if failed[i] {
                continue;
            }
            if let Some(rule) = def.rule {
                cx.meta = Some(&def.meta);
                cx.patterns = &self.patterns[i];
                if let Err(panic) = catch_unwind(AssertUnwindSafe(|| rule.check_file(&mut cx))) {
                    cx.out.panics.push((def.meta.id.clone(), panic_message(&*panic)));
                }
            }
        }
        let asked_index = cx.asked_index.take();
        drop_uses_of_reported_constants(&mut out.diagnostics, path);
        // What a test sends only to show it is refused states the migrated behaviour, whichever
        // rule matched it.
        out.diagnostics.retain(|d| !tree.node_at(d.range).is_some_and(crate::patterns::rejected_input));
        // A copy of a schema is one note, not a finding per line.
        if let Some(copy) = crate::era_scope::schema_copy(path, tree, source) {
            crate::era_scope::collapse_schema_copy(&mut out.diagnostics, path, copy);
            out.links.clear();
        }
        out.asked_index = asked_index;
        out.mcp_context = context.mcp;
        out.modern_path = context.modern_path;
        out
    }

    /// Runs the project-level checks once, over every file's facts and the manifests.
    pub fn check_project(&self, facts: &[ProjectFact], manifests: &[Manifest]) -> FileOutcome {
        let mut out = FileOutcome::default();
        for def in &self.rules {
            let Some(rule) = def.rule else { continue };
            let mut cx = ProjectCx { facts, manifests, meta: &def.meta, target: self.target, out: &mut out };
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| rule.check_project(&mut cx))) {
                out.panics.push((def.meta.id.clone(), panic_message(&*panic)));
            }
        }
        out
    }
}

/// What one file (or the project pass) produced.
#[derive(Clone, Debug, Default)]
pub struct FileOutcome {
    pub diagnostics: Vec<Diagnostic>,
    pub facts: Vec<ProjectFact>,
    /// Rules that panicked: (rule id, message).
    pub panics: Vec<(String, String)>,
    /// Names the rules' file checks need facts about from other files: (rule id, name).
    pub demands: Vec<(String, String)>,
    /// Findings that lead to a definition elsewhere: the handler a removed method is routed to.
    pub links: Vec<crate::index::Link>,
    pub mcp_context: bool,
    pub modern_path: bool,
    /// What rules asked the project index and its answers (the type names they asked whether
    /// the project declares): the outcome holds wherever the index answers the same.
    pub asked_index: Vec<(String, bool)>,
}

/// What a rule sees of the file it checks.
pub struct FileCx<'a> {
    pub path: &'a str,
    /// The file is a file of tests by its name ([`crate::patterns::is_test_file`]).
    pub test_file: bool,
    pub source: &'a SourceFile,
    pub tree: &'a Tree,
    pub context: &'a FileContext,
    pub target: Target,
    /// The project index and this file's place in it (in the pass that has one).
    pub index: Option<(&'a crate::index::ProjectIndex, usize)>,
    asked_index: std::cell::RefCell<Vec<(String, bool)>>,
    /// The names the file's top-level imports bind, sorted, with their import: built when a
    /// rule first asks (see [`FileCx::import_binding`]).
    /// (Node ids: a borrow of the tree here would tie the context's lifetime down.)
    bindings: std::cell::OnceCell<Vec<(NodeId, NodeId)>>,
    meta: Option<&'static RuleMeta>,
    /// The current rule's patterns by node kind.
    patterns: &'a [crate::patterns::Slot],
    out: &'a mut FileOutcome,
}

impl<'a> FileCx<'a> {
    pub fn lang(&self) -> Lang {
        self.tree.lang()
    }

    /// The top-level import that binds `local` (`use rmcp::transport::SseServer as Legacy;`
    /// for `Legacy`). The file's imports are read once, not at every name a rule asks about.
    pub fn import_binding(&self, local: &str) -> Option<NodeRef<'a>> {
        let tree = self.tree;
        let bindings = self.bindings.get_or_init(|| {
            let mut all: Vec<(NodeId, NodeId)> = tree
                .root()
                .children()
                .filter(|n| n.kind() == Kind::Import)
                .flat_map(|i| i.children().filter(|c| c.role() == Role::Value).map(move |c| (c.id(), i.id())))
                .collect();
            // Stable, so that of two imports binding one name the first is found, as a walk
            // in file order finds it.
            all.sort_by_key(|(name, _)| tree.node(*name).text());
            all
        });
        let at = bindings.partition_point(|(name, _)| tree.node(*name).text() < local);
        bindings.get(at).filter(|(name, _)| tree.node(*name).text() == local).map(|(_, i)| tree.node(*i))
    }

    /// Whether the project declares a type of this name that this file can see (its own
    /// protocol types, not an SDK's).
    pub fn project_declares(&self, name: &str) -> bool {
        let answer = self.index.is_some_and(|(index, file)| index.declares_type(file, name));
        let mut asked = self.asked_index.borrow_mut();
        if !asked.iter().any(|(n, _)| n == name) {
            asked.push((name.to_string(), answer));
        }
        answer
    }

    /// Whether the file speaks MCP (imports an SDK, names protocol methods or transports).
    pub fn mcp(&self) -> bool {
        self.context.mcp
    }

    /// The document of the rule being run.
    pub fn meta(&self) -> &'static RuleMeta {
        match self.meta {
            Some(m) => m,
            // The engine sets the rule before every call; reaching this is a bug in the engine,
            // caught per file like any rule panic.
            None => panic!("FileCx used outside a rule"),
        }
    }

    /// A string list of the current rule's `[data]`.
    pub fn data(&self, key: &str) -> &'static [&'static str] {
        self.meta().data_strings(key)
    }

    /// The current rule's `[[match]]` patterns that look at nodes of `kind`.
    pub fn patterns_for(&self, kind: Kind) -> Option<&crate::patterns::Slot> {
        self.patterns.get(kind as usize)
    }

    /// The source text of a node.
    pub fn text(&self, node: NodeRef<'_>) -> &'a str {
        self.source.slice(node.start(), node.end())
    }

    /// Reports a finding of the current rule at a node.
    /// The span is the node's [focus](NodeRef::focus): a declaration's name, a call's callee.
    pub fn report(&mut self, node: NodeRef<'_>, message: impl Into<String>) -> &mut Diagnostic {
        self.report_range(node.focus(), message)
    }

    /// Reports a finding of the current rule at a byte range. When the code there uses a
    /// constant defined elsewhere, the message names it and the definition is a related place.
    pub fn report_range(&mut self, range: (usize, usize), message: impl Into<String>) -> &mut Diagnostic {
        let meta = self.meta();
        let mut diag = make_diagnostic(meta, self.path, self.source, range, message.into());
        let at = self.tree.node_at(range);
        diag.legacy_gated = at.is_some_and(|n| crate::era_scope::legacy_gated(n, self.source));
        diag.in_legacy_handler = at.is_some_and(crate::era_scope::in_removed_handler);
        diag.in_test =
            at.map_or_else(|| crate::test_code::test_path(self.path), |n| crate::test_code::in_test(n, self.path));
        if let Some(origin) = self.tree.origins_within(range.0, range.1).next() {
            diag.message.push_str(&through(origin, self.path));
            diag.related.push(Related {
                path: origin.path.clone(),
                start: origin.start,
                end: origin.start,
                range: origin.range,
                message: format!("`{}` is defined here", last_name(&origin.written)),
            });
        }
        self.out.diagnostics.push(diag);
        let last = self.out.diagnostics.len() - 1;
        &mut self.out.diagnostics[last]
    }

    /// How many findings this file has so far (to tell whether a check reported one).
    pub fn reported(&self) -> usize {
        self.out.diagnostics.len()
    }

    /// The last finding reported in this file, to refine it where it stands (a hint that fits
    /// client code).
    pub fn last_report(&mut self) -> Option<&mut Diagnostic> {
        self.out.diagnostics.last_mut()
    }

    /// Asks for the facts other files may hold about `name` (a parameter struct defined
    /// elsewhere): files that hold one of the rule's `fact_tokens` and `name` are parsed and
    /// checked by this rule even when nothing else needs them.
    pub fn demand(&mut self, name: impl Into<String>) {
        let rule = self.meta().id.clone();
        self.out.demands.push((rule, name.into()));
    }

    /// Records that the last finding routes something removed to a handler defined elsewhere:
    /// the handler is reported too, once the project index can say where it is.
    /// `message` says what the handler does.
    pub fn link(&mut self, message: impl Into<String>, target: crate::index::Target) {
        let Some(finding) = self.out.diagnostics.last().cloned() else { return };
        self.out.links.push(crate::index::Link { finding, message: message.into(), target });
    }

    /// Records a fact for the project-level checks.
    pub fn fact(&mut self, node: NodeRef<'_>, kind: &str, name: impl Into<String>, data: Vec<String>) {
        let rule = self.meta().id.clone();
        let (s, e) = node.focus();
        self.out.facts.push(ProjectFact {
            rule,
            kind: kind.to_string(),
            path: self.path.to_string(),
            range: (s, e),
            start: self.source.position(s),
            end: self.source.position(e),
            name: name.into(),
            data,
            snippet: normalized(self.source.slice(s, e)),
        });
    }
}

/// What a project-level rule sees.
pub struct ProjectCx<'a> {
    pub facts: &'a [ProjectFact],
    pub manifests: &'a [Manifest],
    pub meta: &'static RuleMeta,
    pub target: Target,
    out: &'a mut FileOutcome,
}

impl ProjectCx<'_> {
    /// Facts recorded by this rule's own file checks.
    pub fn own_facts(&self) -> impl Iterator<Item = &ProjectFact> {
        let id = self.meta.id.clone();
        self.facts.iter().filter(move |f| f.rule == id)
    }

    /// Reports a finding at a place a fact or manifest entry points to.
    pub fn report_at(
        &mut self,
        path: &str,
        range: (usize, usize),
        start: Position,
        end: Position,
        snippet: &str,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        let meta = self.meta;
        let diag = Diagnostic {
            rule: &meta.id,
            name: &meta.name,
            level: meta.level,
            path: path.to_string(),
            start,
            end,
            range,
            message: message.into(),
            hint: meta.hint.clone(),
            spec: meta.spec.first().map(|s| s.url.clone()).unwrap_or_default(),
            legacy_handler: false,
            legacy_gated: false,
            in_legacy_handler: false,
            in_test: false,
            sends: false,
            suppression: None,
            baseline: None,
            fingerprint: fingerprint(&meta.id, path, snippet),
            related: Vec::new(),
            fix: None,
        };
        self.out.diagnostics.push(diag);
        let last = self.out.diagnostics.len() - 1;
        &mut self.out.diagnostics[last]
    }

    /// Reports a finding at a fact's place.
    pub fn report_fact(&mut self, fact: &ProjectFact, message: impl Into<String>) -> &mut Diagnostic {
        self.report_at(&fact.path, fact.range, fact.start, fact.end, &fact.snippet, message)
    }
}

/// A constant counts once per file: a use of a constant defined in the same file is not
/// reported when the same rule reports the definition itself (`const V = '2025-03-26'` is the
/// finding, not each `protocolVersion: V` below it). Uses of a constant of another file are each
/// reported: that file depends on the value.
fn drop_uses_of_reported_constants(diagnostics: &mut Vec<Diagnostic>, path: &str) {
    let defined: Vec<(&'static str, u32)> = diagnostics
        .iter()
        .filter_map(|d| d.related.first().filter(|r| r.path == path).map(|r| (d.rule, r.start.line)))
        .filter(|(rule, line)| diagnostics.iter().any(|o| o.rule == *rule && o.start.line == *line))
        .collect();
    if defined.is_empty() {
        return;
    }
    diagnostics
        .retain(|d| !d.related.first().is_some_and(|r| r.path == path && defined.contains(&(d.rule, r.start.line))));
}

/// ` (through `X`, defined at path:line)`: how a finding reached a constant's value.
fn through(origin: &Origin, here: &str) -> String {
    let at = if origin.path == here {
        format!("line {}", origin.start.line)
    } else {
        format!("{}:{}", origin.path, origin.start.line)
    };
    format!(" (through `{}`, defined at {at})", origin.written)
}

/// `crate::commands::INIT` → `INIT`.
fn last_name(path: &str) -> &str {
    path.rsplit([':', '.']).next().unwrap_or(path)
}

/// Builds a diagnostic of `meta`'s rule for a byte range of a file.
pub fn make_diagnostic(
    meta: &'static RuleMeta,
    path: &str,
    source: &SourceFile,
    range: (usize, usize),
    message: String,
) -> Diagnostic {
    Diagnostic {
        rule: &meta.id,
        name: &meta.name,
        level: meta.level,
        path: path.to_string(),
        start: source.position(range.0),
        end: source.position(range.1),
        range,
        message,
        hint: meta.hint.clone(),
        spec: meta.spec.first().map(|s| s.url.clone()).unwrap_or_default(),
        legacy_handler: false,
        legacy_gated: false,
        in_legacy_handler: false,
        in_test: false,
        sends: false,
        suppression: None,
        baseline: None,
        fingerprint: fingerprint(&meta.id, path, &normalized(source.slice(range.0, range.1))),
        related: Vec::new(),
        fix: None,
    }
}

/// Whitespace-folded text, the basis of fingerprints.
pub fn normalized(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// [`normalized`] text of at most `max` characters, or its first `max - 3` and an ellipsis,
/// for quoting code or a message in a finding.
pub fn shortened(text: &str, max: usize) -> String {
    let one = normalized(text);
    if one.chars().count() > max {
        let cut: String = one.chars().take(max.saturating_sub(3)).collect();
        format!("{cut}…")
    } else {
        one
    }
}

/// FNV-1a over rule, path and normalized matched text: a fixed algorithm, stable across
/// releases and platforms (unlike `DefaultHasher`). The occurrence index is added when the
/// run's findings are collected.
pub fn fingerprint(rule: &str, path: &str, snippet: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [rule, "\0", path, "\0", snippet] {
        for b in part.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

/// A level, after the project's configuration overrides.
pub fn effective_level(default: Level, overridden: Option<Level>) -> Level {
    overridden.unwrap_or(default)
}
