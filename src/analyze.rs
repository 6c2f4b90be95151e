//! One file, top to bottom: read → decode → decide from its tokens what could fire → parse
//! once and lower → resolve the names the project index knows → index what it defines → run
//! the offered rules. Never panics on input: every failure becomes a [`NotAnalyzed`].

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::diagnostic::NotAnalyzed;
use crate::discover::{self, Candidate, FileKind};
use crate::engine::{Engine, FileOutcome};
use crate::index::{self, FileIndex, ProjectIndex, Resolver};
use crate::lang::{self, ParseFailure};
use crate::prefilter::{Decision, Found, Prefilter, RuleSet};
use crate::project::Manifest;
use crate::rules::What;
use crate::source::SourceFile;
use crate::suppress::{self, Suppression};
use crate::tree::{Lang, Tree};

/// Stack size of the analysis threads. The front ends refuse nesting beyond
/// [`lang::MAX_NESTING`]; this leaves a wide margin for syn's recursion below that limit, so
/// that Rust files parse here rather than on a thread started for them.
pub const STACK_SIZE: usize = 64 * 1024 * 1024;

/// What analyzing one file produced.
pub struct FileResult {
    pub path: String,
    pub outcome: FileOutcome,
    pub not_analyzed: Option<NotAnalyzed>,
    pub manifest: Option<Box<Manifest>>,
    pub suppressions: Vec<Suppression>,
    pub lang: Option<Lang>,
    pub skipped: bool,
    /// Skipped for now: only these rules' fact tokens occur in it.
    pub deferred: Option<RuleSet>,
    /// What it defines and imports (for a parsed source file).
    pub index: Option<Box<FileIndex>>,
    /// Instead of `index`, when the project index already holds what the file defines: which
    /// of its definitions do a removed thing, now that the rules have run (see
    /// [`index::Marks`]).
    pub marks: Option<index::Marks>,
    /// The file speaks MCP on its own (its tree, not its package).
    pub own_context: bool,
    /// Which pass produced it: 0 the first, 1 the facts pass, 2 the pass with the index.
    pub pass: u8,
    /// Names resolved to a constant of another place.
    pub resolved: usize,
    pub bytes: u64,
    pub bodies_unread: u32,
    /// The pass with the index used the tree the first passes kept, instead of parsing again.
    pub reused: bool,
    /// The first pass parsed and indexed the file but left its rules to the pass with the
    /// index (see [`Pass::First`]).
    pub rules_pending: bool,
    /// The file's text and tree, kept for the pass with the index (see [`Keep`]).
    pub kept: Option<Box<Kept>>,
    pub read_scan: Duration,
    pub parse: Duration,
    pub rules: Duration,
}

/// The result of a file no pass looked at.
pub fn empty(path: &str) -> FileResult {
    FileResult::new(path, 0)
}

impl FileResult {
    /// Counts the time an earlier pass spent on the file in this result, which replaces it, so
    /// that `--stats` gives the time of every pass.
    pub fn add_times_of(&mut self, earlier: &FileResult) {
        self.read_scan += earlier.read_scan;
        self.parse += earlier.parse;
        self.rules += earlier.rules;
    }

    fn new(path: &str, pass: u8) -> Self {
        FileResult {
            path: path.to_string(),
            outcome: FileOutcome::default(),
            not_analyzed: None,
            manifest: None,
            suppressions: Vec::new(),
            lang: None,
            skipped: false,
            deferred: None,
            index: None,
            marks: None,
            own_context: false,
            pass,
            resolved: 0,
            bytes: 0,
            bodies_unread: 0,
            reused: false,
            rules_pending: false,
            kept: None,
            read_scan: Duration::ZERO,
            parse: Duration::ZERO,
            rules: Duration::ZERO,
        }
    }
}

/// The pass a file is analyzed in.
#[derive(Clone, Copy)]
pub enum Pass<'a> {
    /// Every file, with what its manifest says of its package. With `rules_later`, a file
    /// parsed for its rules is only parsed and indexed: its rules run once, in the pass with
    /// the index, rather than once without it and again with it wherever the index resolves a
    /// name (on MCP-dense code, most files).
    First { rules_later: bool },
    /// A deferred file whose rules' file checks asked for a name it may define (`demands`,
    /// the file's deferred rules that have some).
    Facts(&'a crate::check::Demands, &'a RuleSet),
    /// Again, with the project index: the file uses names the index gives a meaning, or its
    /// package turned out to be MCP code.
    /// `context_changed`: its package turned out to be MCP code and the file has no context of
    /// its own, so rules that need context see it now.
    /// `select`, when set: only a file that holds one of these names is analyzed again (the
    /// functions found to do a removed thing in the pass before).
    /// `rules_pending`: the first pass left the file's rules to this pass; where the index
    /// changes nothing for the file, they run as the first pass would have run them, with
    /// `first_package_mcp`, what its manifest says of its package.
    Resolve {
        index: &'a ProjectIndex,
        file: usize,
        names: &'a NameScanner,
        select: Option<&'a NameScanner>,
        demands: Option<&'a crate::check::Demands>,
        context_changed: bool,
        rules_pending: bool,
        first_package_mcp: bool,
    },
}

/// A file's text and tree from the first passes. The pass with the index resolves names in
/// the same tree rather than reading and parsing the file again, which on MCP-dense code (where
/// most files use a name another file defines) would double the parse.
pub struct Kept {
    /// The text, with its lines.
    source: SourceFile,
    tree: Tree,
    /// The tree's own MCP context.
    own: crate::context::FileContext,
    /// The rules offered on the tree, with the package's MCP context they assumed, and what
    /// they found (none when no rule ran).
    offered: RuleSet,
    package_mcp: bool,
    outcome: Option<FileOutcome>,
    /// What the prefilter's scan found in the text.
    found: Option<Found>,
    /// The project index holds what this tree defines and imports, as built from it: a pass
    /// that changes nothing in the tree need not build it again.
    indexed: bool,
    /// Whether the file was found worth indexing, with the package's context `package_mcp`:
    /// the same text says the same again.
    eligible: bool,
}

impl Kept {
    /// The project index no longer holds what this tree defines (another pass indexed the file
    /// from another tree, or not at all).
    pub fn not_indexed(&mut self) {
        self.indexed = false;
    }
}

/// How many bytes of trees the first passes may keep in all. Past it, a file the pass with
/// the index reads again is parsed again: the kept trees bound memory, whatever the project's
/// size. Which files fit depends on the order threads finish in, but not the output: a kept
/// tree is the tree a second parse would build.
pub struct Keep {
    left: AtomicUsize,
}

impl Keep {
    /// The budget of a run (see [`Keep`]).
    pub const BUDGET: usize = 64 * 1024 * 1024;

    pub fn new(budget: usize) -> Keep {
        Keep { left: AtomicUsize::new(budget) }
    }

    /// Takes `bytes` from what is left, if that many are left.
    fn take(&self, bytes: usize) -> bool {
        self.left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| left.checked_sub(bytes)).is_ok()
    }
}

/// What a file's analysis needs to know besides the file.
pub struct Job<'a> {
    pub candidate: &'a Candidate,
    pub engine: &'a Engine,
    pub prefilter: &'a Prefilter,
    pub index_tokens: &'a IndexTokens,
    /// The file's package is MCP code (by its manifest in the first pass).
    pub package_mcp: bool,
    pub pass: Pass<'a>,
    /// The budget for trees kept by the first passes.
    pub keep: &'a Keep,
    /// Texts that stand in for files on disk (see [`crate::check::Overlay`]).
    pub overlay: Option<&'a crate::check::Overlay>,
}

/// Analyzes one file, from its text and tree when the first passes kept them. In the
/// [`Pass::Resolve`] pass, `None` means the index changes nothing for this file: its earlier
/// result stands, and so does `kept`, for a pass after. Otherwise the kept text and tree are
/// taken (the result keeps them again, see [`FileResult::kept`]).
pub fn analyze(job: &Job<'_>, kept: &mut Option<Box<Kept>>) -> Option<FileResult> {
    let c = job.candidate;
    let pass_number = match job.pass {
        Pass::First { .. } => 0,
        Pass::Facts(..) => 1,
        Pass::Resolve { .. } => 2,
    };
    let mut r = FileResult::new(&c.rel, pass_number);
    // A panic that escapes the catches below names this file (see `crash`).
    let _analyzing = crate::crash::analyzing(&c.rel);
    let t = Instant::now();
    // A pass for the callers of a few functions (see [`Pass::Resolve`]) passes over a file that
    // can see none of them, before reading it.
    if let Pass::Resolve { index, file, select: Some(select), .. } = &job.pass {
        if !select.names().iter().any(|name| index.visible(*file, name)) {
            return None;
        }
    }
    // The text read now, when no pass kept it.
    let mut read_now: Option<String> = None;
    if kept.is_none() {
        let read = match job.overlay.and_then(|o| o.get(&c.rel)) {
            Some(bytes) => Ok(bytes.clone()),
            None => discover::read_candidate(c, job.engine.max_file_size),
        };
        let bytes = match read {
            Ok(b) => b,
            Err(reason) => {
                r.not_analyzed = Some(not_analyzed(c, reason, None));
                return Some(r);
            }
        };
        r.bytes = bytes.len() as u64;
        let text = match decode(bytes) {
            Ok(t) => t,
            Err(reason) => {
                r.not_analyzed = Some(not_analyzed(c, reason, None));
                return Some(r);
            }
        };
        if c.kind == FileKind::Manifest {
            if let Some(kind) = Manifest::kind_of_path(&c.path) {
                r.manifest = Some(Box::new(Manifest { path: c.rel.clone(), kind, source: SourceFile::new(text) }));
            }
            r.read_scan = t.elapsed();
            return Some(r);
        }
        read_now = Some(text);
    }
    let text: &str = match (kept.as_ref(), read_now.as_deref()) {
        (Some(k), _) => k.source.text(),
        (None, Some(text)) => text,
        (None, None) => return Some(r),
    };
    r.bytes = text.len() as u64;
    // Build output is never analyzed, whatever it mentions: decided before the prefilter, so
    // that the listing is the same with and without it.
    if let (FileKind::TypeScript(_), Some(reason)) = (c.kind, discover::minified(text)) {
        r.not_analyzed = Some(not_analyzed(c, reason, None));
        r.read_scan = t.elapsed();
        return Some(r);
    }
    let bytes = text.as_bytes();
    let rust = c.kind == FileKind::Rust;
    // What the token scan found in the file: the kept one, or one made now.
    let mut scanned: Option<Found> = None;
    let earlier_scan = kept.as_ref().and_then(|k| k.found.as_ref());
    // Whether the first pass's token scan found the file worth indexing (not known when the
    // prefilter is off, or in the other passes).
    let mut indexable = None;
    let (decision, hits, names) = match &job.pass {
        Pass::First { .. } => match earlier_scan {
            // A kept tree was parsed after the same scan: what it found decides again.
            Some(earlier) => {
                let (decision, worth) = job.prefilter.decide_again_indexable(earlier, &[], job.package_mcp);
                indexable = worth;
                (decision, None, Vec::new())
            }
            None => {
                let (decision, hits, worth, found) = job.prefilter.decide_found(&[bytes], job.package_mcp, rust);
                indexable = worth;
                scanned = found;
                (decision, hits, Vec::new())
            }
        },
        // The facts pass reads every body: a demanded name need not be a token.
        Pass::Facts(demands, rules) => {
            let found = demands.found_in(rules, bytes);
            let decision = if found.is_empty() { Decision::Skip } else { Decision::Parse(found) };
            (decision, None, Vec::new())
        }
        Pass::Resolve { index, file, names, select, demands, context_changed, rules_pending, first_package_mcp } => {
            if let Some(select) = select {
                // A file that uses none of the names (it can see one, see above).
                if select.find(bytes, |name| index.visible(*file, name)).is_empty() {
                    return None;
                }
            }
            let mut names_found = index.may_use(*file, bytes, names.find(bytes, |name| index.visible(*file, name)));
            // Calls of functions that take a protocol version matter only where one passes a
            // legacy revision.
            if !names_found.is_empty()
                && names_found.iter().all(|(name, _)| index.is_version_taker(name))
                && !index::holds_legacy_revision(job.engine, bytes)
            {
                names_found.clear();
            }
            // Nothing to resolve, and no context the first pass lacked: the first result stands,
            // or, if the first pass left the rules to this one, they run as it would have.
            if names_found.is_empty() && !context_changed {
                if !rules_pending {
                    return None;
                }
                let first = Job { package_mcp: *first_package_mcp, pass: Pass::First { rules_later: false }, ..*job };
                return analyze(&first, kept).map(|mut r| {
                    r.pass = 2;
                    r
                });
            }
            let mut values: Vec<&[u8]> =
                names_found.iter().flat_map(|(name, _)| names.values(name)).map(|v| v.as_bytes()).collect();
            values.sort_unstable();
            values.dedup();
            // The file's own tokens are what the first pass's scan found, if it was kept; where
            // they are is read again only if the kept tree cannot serve (see below).
            let (mut decision, hits) = match earlier_scan {
                Some(earlier) => (job.prefilter.decide_again(earlier, &values, job.package_mcp), None),
                None => {
                    let parts: Vec<&[u8]> = std::iter::once(bytes).chain(values.iter().copied()).collect();
                    let (decision, hits, _, found) = job.prefilter.decide_found(&parts, job.package_mcp, rust);
                    scanned = found;
                    (decision, hits)
                }
            };
            if let (Decision::Defer(rules), Some(d)) = (&decision, demands) {
                let wanted = d.found_in(rules, bytes);
                decision = if wanted.is_empty() { Decision::Skip } else { Decision::Parse(wanted) };
            }
            // Bodies that use a resolved name are read, as bodies holding a token are.
            let hits = hits.map(|h| {
                h.with(names_found.iter().filter(|(n, at)| index.matters_unread(n, bytes, *at)).map(|(_, at)| *at))
            });
            (decision, hits, names_found)
        }
    };
    let eligible = match kept.as_ref().filter(|k| k.package_mcp == job.package_mcp) {
        Some(k) => k.eligible,
        None => {
            (job.package_mcp && reexports(bytes))
                || indexable.unwrap_or_else(|| job.index_tokens.eligible(bytes, job.package_mcp))
        }
    };
    r.read_scan = t.elapsed();
    let mut index_only = false;
    let offered = match decision {
        Decision::Parse(rules) => rules,
        // A file no rule can use is still read for the index when it may define a name with a
        // meaning (`pub const PING: &str = "ping";`).
        Decision::Skip | Decision::Defer(_) if eligible && matches!(job.pass, Pass::First { .. }) => {
            if let Decision::Defer(rules) = decision {
                r.deferred = Some(rules);
            }
            r.skipped = true;
            index_only = true;
            RuleSet::default()
        }
        Decision::Skip => {
            r.skipped = true;
            return Some(r);
        }
        Decision::Defer(rules) => {
            r.skipped = true;
            r.deferred = Some(rules);
            return Some(r);
        }
    };
    if matches!(job.pass, Pass::Resolve { .. }) && names.is_empty() && offered.is_empty() {
        return None;
    }

    // From here on the file is analyzed: the kept text and tree are used up.
    let (source, kept_tree, earlier, found) = match kept.take().map(|k| *k) {
        Some(Kept { source, tree, own, offered, package_mcp, outcome, found, indexed, eligible: _ }) => {
            // What the rules found in this tree, if they would find it again now.
            let earlier = outcome.filter(|_| package_mcp == job.package_mcp);
            (source, Some((tree, own, indexed)), earlier.map(|o| (offered, o)), scanned.or(found))
        }
        None => (SourceFile::new(read_now.unwrap_or_default()), None, None, scanned),
    };
    let t = Instant::now();
    // The kept tree is the tree a parse would build now, unless a resolved name lies in a body
    // it left unread (a Rust body holding no token), which must now be read.
    let index = match &job.pass {
        Pass::Resolve { index, .. } => Some(*index),
        _ => None,
    };
    let must_read: Vec<usize> = names
        .iter()
        .filter(|(n, at)| index.is_none_or(|ix| ix.matters_unread(n, source.text().as_bytes(), *at)))
        .map(|(_, at)| *at)
        .collect();
    let reuse = kept_tree.filter(|(tree, ..)| must_read.iter().all(|at| !tree.unread_at(*at)));
    r.reused = reuse.is_some();
    let (reuse, kept_own, kept_indexed) = match reuse {
        Some((tree, own, indexed)) => (Some(tree), Some(own), indexed),
        None => (None, None, false),
    };
    // A file decided from the first pass's scan is parsed with the tokens where they are, as
    // the first pass parsed it, and the resolved names.
    let hits = match hits {
        None if !r.reused && rust && found.is_some() && matches!(job.pass, Pass::Resolve { .. }) => job
            .prefilter
            .decide_parts(&[source.text().as_bytes()], job.package_mcp, true)
            .1
            .map(|h| h.with(must_read.iter().copied())),
        hits => hits,
    };
    let parsed = match reuse {
        Some(tree) => Ok(Ok(tree)),
        None => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match c.kind {
            FileKind::TypeScript(dialect) => lang::typescript::lower(&source, dialect),
            FileKind::Rust => lang::rust::lower_on_stack(&source, STACK_SIZE, hits.as_ref()),
            FileKind::Python => lang::python::lower(&source),
            FileKind::Manifest => Err(ParseFailure { reason: "not source".into(), offset: None }),
        })),
    };
    r.parse = t.elapsed();
    let mut tree = match parsed {
        Ok(Ok(tree)) => tree,
        Ok(Err(failure)) => {
            let position = failure.offset.map(|o| source.position(o));
            r.not_analyzed = Some(not_analyzed(c, failure.reason, position));
            return Some(r);
        }
        Err(_) => {
            let mut n = not_analyzed(c, "internal error while parsing".into(), None);
            n.internal = true;
            r.not_analyzed = Some(n);
            return Some(r);
        }
    };
    r.lang = Some(tree.lang());
    r.bodies_unread = u32::try_from(tree.unread.len()).unwrap_or(u32::MAX);

    let t = Instant::now();
    let mut substituted = 0;
    if let Pass::Resolve { index, file, .. } = &job.pass {
        substituted = Resolver::new(index, *file).substitute(&mut tree, &source);
        r.resolved = tree.resolved_count();
    }
    // The tree the rules ran on before, unchanged, with the same context and no rule offered
    // then that is not offered now: they would find the same. A rule offered now but not then
    // finds nothing, for its tokens are not in the file (the prefilter's contract).
    let context_changed = matches!(job.pass, Pass::Resolve { context_changed: true, .. });
    // Nor may the index answer a rule's question differently (see [`FileOutcome::asked_index`]).
    let answers_hold = |o: &FileOutcome| match &job.pass {
        Pass::Resolve { index, file, .. } => {
            o.asked_index.iter().all(|(name, was)| index.declares_type(*file, name) == *was)
        }
        _ => false,
    };
    let earlier = earlier
        .filter(|(before, outcome)| {
            r.reused
                && substituted == 0
                && !context_changed
                && before.iter().all(|i| offered.contains(i))
                && answers_hold(outcome)
        })
        .map(|(_, outcome)| outcome);
    // The context of a kept tree nothing was resolved in again is the one read before.
    let own = match kept_own {
        Some(own) if substituted == 0 => own,
        _ => crate::context::FileContext::of(&tree),
    };
    r.own_context = own.mcp;
    let kept_own = own.clone();
    // A tree the index was built from, in which nothing was resolved, would index the same.
    let indexed = kept_indexed && substituted == 0;
    if eligible && !indexed {
        r.index = Some(Box::new(index::build(&c.rel, &source, &tree, own.mcp)));
    }
    let mut rules_outcome = None;
    let mut marks = index::Marks::default();
    // The rules wait for the index (see [`Pass::First`]).
    r.rules_pending = !index_only && matches!(job.pass, Pass::First { rules_later: true });
    if !index_only && !r.rules_pending {
        let place = match &job.pass {
            Pass::Resolve { index, file, .. } => Some((*index, *file)),
            _ => None,
        };
        let mut outcome = match earlier {
            Some(outcome) => outcome,
            None => job.engine.check_file_in(&c.rel, &source, &tree, own, Some(&offered), job.package_mcp, place),
        };
        rules_outcome = Some(outcome.clone());
        if let Pass::Resolve { index, file, .. } = &job.pass {
            outcome.diagnostics.extend(index::calls_to_doers(job.engine, index, *file, &c.rel, &source, &tree));
        }
        if eligible {
            marks = index::Marks::of(&tree, &outcome.diagnostics);
        }
        if let Some((rule, message)) = outcome.panics.first() {
            let mut n = not_analyzed(c, format!("internal error in rule {rule}: {message}"), None);
            n.internal = true;
            r.not_analyzed = Some(n);
        }
        r.outcome = outcome;
        r.suppressions = suppress::collect(&tree, &source);
    }
    if eligible {
        match r.index.as_mut() {
            Some(ix) => marks.apply(&mut ix.defs),
            None => r.marks = Some(marks),
        }
    }
    // The tree is kept for the passes after, as far as the budget goes (a tree kept before is
    // already counted in it). Resolving names again in a resolved tree resolves the same ones.
    if r.not_analyzed.is_none() {
        tree.shrink();
        if r.reused || job.keep.take(tree.heap_bytes() + source.heap_bytes()) {
            r.kept = Some(Box::new(Kept {
                source,
                tree,
                own: kept_own,
                offered,
                package_mcp: job.package_mcp,
                outcome: rules_outcome,
                found,
                indexed: r.index.is_some() || indexed,
                eligible,
            }));
        }
    }
    r.rules = t.elapsed();
    Some(r)
}

/// The tokens that make a file worth indexing and the values that make a constant worth
/// resolving. A file no rule needs parsed is still indexed when it holds a token (a rule's
/// trigger, a value, a sign of MCP context) and is MCP code, by its package or by a sign of its
/// own, whether or not the prefilter is on, so that the index (and the findings it leads to) is
/// the same with `--no-prefilter`. A constant is worth resolving when its value holds a value:
/// an MCP method name, a removed header, a legacy protocol revision, the MCP path, or a literal
/// a rule's `string` or `method` patterns look for.
pub struct IndexTokens {
    automaton: Option<AhoCorasick>,
    /// Per pattern: a value.
    value: Vec<bool>,
    /// Per pattern: a rule's trigger token or a sign of MCP context (what makes a file worth
    /// indexing; the prefilter finds the same ones, see [`Prefilter::decide_indexable`]).
    trigger: Vec<bool>,
    /// Per pattern: a sign of MCP context.
    context: Vec<bool>,
}

/// Values no rule document lists as a pattern but that rules read through constants.
const EXTRA_VALUES: &[&str] = &["mcp-session-id", "last-event-id", "mcp-protocol-version", "/mcp"];

impl IndexTokens {
    pub fn new(rules: &[&'static crate::rules::RuleDef]) -> IndexTokens {
        let mut values: Vec<&str> = crate::context::MCP_METHODS.iter().chain(EXTRA_VALUES).copied().collect();
        for r in rules {
            for p in r.meta.patterns.iter().filter(|p| matches!(p.what, What::String | What::Method)) {
                values.extend(p.values.iter().map(String::as_str));
            }
            for key in ["legacy_versions", "session_headers"] {
                values.extend(r.meta.data_strings(key));
            }
        }
        let triggers = rules.iter().flat_map(|r| {
            let p = &r.meta.prefilter;
            p.tokens.iter().chain(&p.words).chain(&p.context_tokens).map(String::as_str)
        });
        // (token, is a value, is a trigger, is a sign of context)
        let mut tokens: Vec<(String, bool, bool, bool)> = triggers
            .map(|t| (t.to_ascii_lowercase(), false, true, false))
            .chain(values.into_iter().map(|t| (t.to_ascii_lowercase(), true, false, false)))
            .chain(crate::context::context_tokens().into_iter().map(|t| (t, false, true, true)))
            .collect();
        tokens.sort();
        tokens.dedup_by(|a, b| {
            if a.0 == b.0 {
                b.1 |= a.1;
                b.2 |= a.2;
                b.3 |= a.3;
                true
            } else {
                false
            }
        });
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(tokens.iter().map(|(t, ..)| t))
            .ok();
        IndexTokens {
            automaton,
            value: tokens.iter().map(|t| t.1).collect(),
            trigger: tokens.iter().map(|t| t.2).collect(),
            context: tokens.iter().map(|t| t.3).collect(),
        }
    }

    /// Whether a constant's value holds one of the values.
    pub fn holds_value(&self, text: &str) -> bool {
        let is_value = |m: aho_corasick::Match| self.value.get(m.pattern().as_usize()).copied().unwrap_or(false);
        self.automaton.as_ref().is_some_and(|a| a.find_overlapping_iter(text).any(is_value))
    }

    /// Whether a file is indexed: it holds a rule's trigger token or a sign of MCP context, and
    /// it is MCP code by its package or holds a sign of MCP context itself. (A file that
    /// re-exports names in an MCP package, a barrel `index.ts` or a `lib.rs` of `pub use`, is
    /// indexed too: it holds no token but leads to definitions.) The prefilter's scan answers
    /// the same in the first pass; this is for the passes after and for `--no-prefilter`.
    fn eligible(&self, bytes: &[u8], package_mcp: bool) -> bool {
        let Some(a) = &self.automaton else { return false };
        let mut any = false;
        for m in a.find_overlapping_iter(bytes) {
            let k = m.pattern().as_usize();
            if !self.trigger.get(k).copied().unwrap_or(false) {
                continue;
            }
            any = true;
            if package_mcp || self.context.get(k).copied().unwrap_or(false) {
                return true;
            }
        }
        any && package_mcp
    }
}

/// Whether a file's bytes may re-export names: `export * from`, `export { … } from`,
/// `export type { … } from`, `pub use`. Only decides whether the file is indexed; the index
/// reads the tree. A TypeScript module that merely imports and exports its own declarations
/// (`export const`, `export default`, `export function`) re-exports nothing.
fn reexports(bytes: &[u8]) -> bool {
    if memchr::memmem::find(bytes, b"pub use ").is_some() {
        return true;
    }
    let skip_space = |mut at: usize| {
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        at
    };
    let word_at = |at: usize, word: &[u8]| {
        bytes.get(at..).is_some_and(|rest| rest.starts_with(word)) && is_whole(bytes, at, at + word.len())
    };
    memchr::memmem::find_iter(bytes, b"export").any(|at| {
        if !word_at(at, b"export") {
            return false;
        }
        let mut next = skip_space(at + b"export".len());
        if word_at(next, b"type") {
            next = skip_space(next + b"type".len());
        }
        matches!(bytes.get(next), Some(b'*' | b'{'))
    })
}

/// Finds the names the project index gives a meaning in a file's bytes, as whole identifiers.
pub struct NameScanner {
    search: Option<Search>,
    names: Vec<String>,
    /// Per name: the values it stands for, whose tokens the prefilter counts as the file's.
    values: Vec<Vec<String>>,
}

/// How a scanner finds its names. Every name is made of identifier bytes (all of them, in
/// practice), so a whole identifier is a maximal run of such bytes.
enum Search {
    /// A few names (the functions found to do a removed thing): a leftmost-longest search,
    /// which skips through the file for their rare bytes. No match of such a name can straddle
    /// the boundary of a whole identifier, so none hides one.
    Few(AhoCorasick),
    /// Many names (every name with a meaning): the file is cut into runs of identifier bytes
    /// and each run looked up. A run's first byte and length, together, turn most runs away
    /// before any hashing.
    Identifiers {
        ids: rustc_hash::FxHashMap<Box<[u8]>, usize>,
        /// Per first byte, bit `min(len, 63)` set for the length of some name that begins with
        /// it.
        lengths: Box<[u64; 256]>,
    },
    /// Some name holds other bytes: every overlapping match, kept where it is a whole
    /// identifier at both ends.
    Automaton(AhoCorasick),
}

/// Names in order, each once (the first of its values kept).
fn sorted(mut names: Vec<(String, Vec<String>)>) -> Vec<(String, Vec<String>)> {
    names.sort();
    names.dedup_by(|a, b| a.0 == b.0);
    names
}

/// Up to this many names, a scanner searches for them rather than looking up every identifier:
/// a search for a few literals skips most bytes unread (see [`Search::Few`]).
const FEW_NAMES: usize = 16;

/// Calls `each(start, end)` for every maximal run of identifier bytes (see [`is_ident_byte`]),
/// in order. The bytes are classified 64 at a time into a bit mask, without a branch per byte,
/// and the runs read off the mask: the pass with the index walks every identifier of every file
/// it checks, and a branch at each identifier's ends is what a byte-by-byte walk pays for.
fn identifier_runs(bytes: &[u8], mut each: impl FnMut(usize, usize)) {
    const W: usize = 64;
    // The start of a run that reaches the end of the chunk before.
    let mut open: Option<usize> = None;
    let mut chunks = bytes.chunks_exact(W);
    let mut base = 0;
    for chunk in &mut chunks {
        // One flag byte per byte (a loop the compiler turns into vector compares), then eight
        // flags at a time packed into eight bits: the multiplication gathers the low bit of
        // each byte into the top byte.
        let mut flags = [0u8; W];
        for (f, &b) in flags.iter_mut().zip(chunk) {
            *f = u8::from(ident_lane(b));
        }
        let mut mask = 0u64;
        for (k, eight) in flags.chunks_exact(8).enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(eight);
            mask |= (u64::from_le_bytes(word).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
        }
        if let Some(start) = open {
            // The run goes on through the chunk's leading identifier bytes.
            let ones = (!mask).trailing_zeros() as usize;
            if ones == W {
                base += W;
                continue;
            }
            each(start, base + ones);
            open = None;
            mask &= !((1u64 << ones) - 1);
        }
        while mask != 0 {
            let at = mask.trailing_zeros() as usize;
            let len = (!(mask >> at)).trailing_zeros() as usize;
            if at + len == W {
                open = Some(base + at);
                break;
            }
            each(base + at, base + at + len);
            mask &= !(((1u64 << len) - 1) << at);
        }
        base += W;
    }
    let mut start = open;
    for (i, &b) in (base..).zip(chunks.remainder()) {
        match (is_ident_byte(b), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                each(s, i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        each(s, bytes.len());
    }
}

impl NameScanner {
    /// `names`: each name with the string values it may stand for.
    pub fn new(names: Vec<(String, Vec<String>)>) -> NameScanner {
        Self::of_sorted(sorted(names))
    }

    /// The scanner for `names`: this one when it was built for the same names and values, as
    /// after a pass that gave no new name a meaning.
    pub fn renew(self, names: Vec<(String, Vec<String>)>) -> NameScanner {
        let names = sorted(names);
        let same = names.len() == self.names.len()
            && names.iter().zip(self.names.iter().zip(&self.values)).all(|((n, v), (m, w))| n == m && v == w);
        if same {
            self
        } else {
            Self::of_sorted(names)
        }
    }

    fn of_sorted(names: Vec<(String, Vec<String>)>) -> NameScanner {
        let identifiers = names.iter().all(|(n, _)| !n.is_empty() && n.bytes().all(is_ident_byte));
        let search = if names.is_empty() {
            None
        } else if identifiers && names.len() <= FEW_NAMES {
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::LeftmostLongest)
                .build(names.iter().map(|(n, _)| n))
                .ok()
                .map(Search::Few)
        } else if identifiers {
            let mut lengths = Box::new([0u64; 256]);
            let mut ids = rustc_hash::FxHashMap::default();
            for (k, (n, _)) in names.iter().enumerate() {
                lengths[usize::from(n.as_bytes()[0])] |= 1 << n.len().min(63);
                ids.insert(n.as_bytes().into(), k);
            }
            Some(Search::Identifiers { ids, lengths })
        } else {
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::Standard)
                .build(names.iter().map(|(n, _)| n))
                .ok()
                .map(Search::Automaton)
        };
        let values = names.iter().map(|(_, v)| v.clone()).collect();
        NameScanner { search, names: names.into_iter().map(|(n, _)| n).collect(), values }
    }

    pub fn is_empty(&self) -> bool {
        self.search.is_none()
    }

    /// The names that occur in `bytes` as whole identifiers and that `visible` admits, with
    /// where each occurrence starts.
    pub fn find(&self, bytes: &[u8], visible: impl Fn(&str) -> bool) -> Vec<(&str, usize)> {
        let mut out: Vec<(&str, usize)> = Vec::new();
        let mut admitted: Vec<Option<bool>> = vec![None; self.names.len()];
        let mut found = |k: usize, at: usize| {
            let Some(name) = self.names.get(k) else { return };
            if *admitted[k].get_or_insert_with(|| visible(name)) {
                out.push((name.as_str(), at));
            }
        };
        match &self.search {
            None => {}
            Some(Search::Identifiers { ids, lengths }) => identifier_runs(bytes, |start, end| {
                if lengths[usize::from(bytes[start])] & (1 << (end - start).min(63)) != 0 {
                    if let Some(&k) = ids.get(&bytes[start..end]) {
                        found(k, start);
                    }
                }
            }),
            Some(Search::Few(a)) => {
                for m in a.find_iter(bytes).filter(|m| is_whole(bytes, m.start(), m.end())) {
                    found(m.pattern().as_usize(), m.start());
                }
            }
            Some(Search::Automaton(a)) => {
                for m in a.find_overlapping_iter(bytes).filter(|m| is_whole(bytes, m.start(), m.end())) {
                    found(m.pattern().as_usize(), m.start());
                }
            }
        }
        out
    }

    /// The string values a name may stand for.
    pub fn values(&self, name: &str) -> &[String] {
        self.names
            .binary_search_by(|n| n.as_str().cmp(name))
            .ok()
            .and_then(|i| self.values.get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// The names it looks for.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// Whether `bytes[start..end]` is a whole identifier or word: no identifier byte touches it on
/// either side.
fn is_whole(bytes: &[u8], start: usize, end: usize) -> bool {
    let ident = |b: &u8| is_ident_byte(*b);
    !start.checked_sub(1).and_then(|i| bytes.get(i)).is_some_and(ident) && !bytes.get(end).is_some_and(ident)
}

/// A byte of an identifier, as the name scanner reads them (`$` for TypeScript).
const fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// [`is_ident_byte`] without a branch, so that a loop over a chunk of bytes compiles to
/// vector compares.
#[inline(always)]
fn ident_lane(b: u8) -> bool {
    (b.wrapping_sub(b'0') < 10) | ((b | 0x20).wrapping_sub(b'a') < 26) | (b == b'_') | (b == b'$')
}

fn not_analyzed(c: &Candidate, reason: String, position: Option<crate::source::Position>) -> NotAnalyzed {
    NotAnalyzed { path: c.rel.clone(), reason, position, internal: false, may_hold_findings: true }
}

/// Source bytes to text: UTF-8 (a BOM is dropped), or UTF-16 with a BOM. Anything else is
/// refused with the reason. A NUL byte in valid UTF-8 is text (a string or a comment may hold
/// one, as in `` `${ns}\0${key}` `` written with the character itself); in bytes that are no
/// UTF-8 it marks a binary file.
pub fn decode(bytes: Vec<u8>) -> Result<String, String> {
    if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        return utf16(rest, u16::from_le_bytes).map_err(|_| "invalid UTF-16 (little-endian) text".to_string());
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        return utf16(rest, u16::from_be_bytes).map_err(|_| "invalid UTF-16 (big-endian) text".to_string());
    }
    let mut text = String::from_utf8(bytes).map_err(|e| match memchr::memchr(0, e.as_bytes()) {
        Some(pos) => format!("binary file (NUL byte at offset {pos}, and not UTF-8)"),
        None => format!("not valid UTF-8 (invalid byte at offset {})", e.utf8_error().valid_up_to()),
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..3);
    }
    Ok(text)
}

fn utf16(bytes: &[u8], word: fn([u8; 2]) -> u16) -> Result<String, ()> {
    if !bytes.len().is_multiple_of(2) {
        return Err(());
    }
    let units: Vec<u16> = bytes.chunks_exact(2).map(|c| word([c[0], c[1]])).collect();
    String::from_utf16(&units).map_err(|_| ())
}

#[cfg(test)]
mod tests {
    use super::NameScanner;

    /// A file is indexed for its re-exports only when it has a statement that re-exports.
    #[test]
    fn reexports_are_told_from_exports_of_declarations() {
        for text in [
            "export * from './a';",
            "export { a, b as c } from './a';",
            "export type { A } from './a';",
            "export\n  * as ns from './a';",
            "export{a}from'./a'",
            "pub use crate::a::B;",
        ] {
            assert!(super::reexports(text.as_bytes()), "{text}");
        }
        for text in [
            "import { a } from './a';\nexport const b = a;",
            "import { defineConfig } from 'vitest/config';\nexport default defineConfig({});",
            "import x from 'y';\nexport function f() {}\nexport type T = string;",
            "module.exports = { a }; // reexport {",
            "use crate::a::B;",
        ] {
            assert!(!super::reexports(text.as_bytes()), "{text}");
        }
    }

    /// The runs of identifier bytes, walked a byte at a time: what the scanner's faster walk
    /// must give.
    fn plain_runs(bytes: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if super::is_ident_byte(bytes[i]) {
                let start = i;
                while i < bytes.len() && super::is_ident_byte(bytes[i]) {
                    i += 1;
                }
                out.push((start, i));
            } else {
                i += 1;
            }
        }
        out
    }

    /// The runs of identifier bytes are those a byte-by-byte walk finds, wherever they fall
    /// against the 64-byte chunks: across a chunk's end, filling whole chunks, at the very end.
    #[test]
    fn identifier_runs_are_those_of_a_plain_walk() {
        let alphabet = b"aZ09_$ .(-\n\xc3\xa9@[`{/";
        let mut texts: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"x".to_vec(),
            vec![b'a'; 64],
            vec![b'a'; 200],
            [vec![b' '; 63], vec![b'b'; 2], vec![b' '; 63]].concat(),
            [vec![b'c'; 64], vec![b'.'], vec![b'd'; 127]].concat(),
        ];
        // Pseudo-random texts of every length around the chunk size and its multiples.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for len in (0..300).chain([511, 512, 513, 1000]) {
            let text = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let run_heavy = (seed >> 40).is_multiple_of(3);
                    if run_heavy {
                        b'q'
                    } else {
                        alphabet[(seed % alphabet.len() as u64) as usize]
                    }
                })
                .collect();
            texts.push(text);
        }
        for text in texts {
            let mut runs = Vec::new();
            super::identifier_runs(&text, |s, e| runs.push((s, e)));
            assert_eq!(runs, plain_runs(&text), "{:?}", String::from_utf8_lossy(&text));
        }
        for b in 0..=255u8 {
            assert_eq!(super::ident_lane(b), super::is_ident_byte(b), "{b}");
        }
    }

    /// Every whole identifier that is a name is found, and nothing else, whether one name is
    /// a part of another or of a longer identifier, whether the scanner searches for a few
    /// names or looks up every identifier (more names than [`super::FEW_NAMES`]), and with a
    /// name that is no identifier (every overlapping match, kept where it is whole).
    #[test]
    fn the_name_scanner_finds_whole_identifiers() {
        let names = ["FOO", "FOO_BAR", "BAR", "new", "O_B"];
        let text = "FOO_BAR FOO xFOO BAR_ new renew new$ $new FOO.BAR(new) Z.Y";
        // What a plain walk over the identifiers of the text gives.
        let expected: Vec<(&str, usize)> = plain_runs(text.as_bytes())
            .into_iter()
            .filter_map(|(start, end)| names.iter().find(|n| **n == &text[start..end]).map(|n| (*n, start)))
            .collect();
        assert_eq!(
            expected.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            ["FOO_BAR", "FOO", "new", "FOO", "BAR", "new"]
        );
        let fillers: Vec<String> = (0..super::FEW_NAMES).map(|i| format!("UNUSED_{i}")).collect();
        let sets: [Vec<String>; 3] = [
            names.iter().map(|n| n.to_string()).collect(),
            names.iter().map(|n| n.to_string()).chain(fillers.iter().cloned()).collect(),
            names.iter().map(|n| n.to_string()).chain(["Z.Y".to_string()]).collect(),
        ];
        for (k, set) in sets.into_iter().enumerate() {
            let scanner = NameScanner::new(set.into_iter().map(|n| (n, Vec::new())).collect());
            let found = scanner.find(text.as_bytes(), |_| true);
            let mut expected = expected.clone();
            if k == 2 {
                expected.push(("Z.Y", text.len() - 3));
            }
            assert_eq!(found, expected, "scanner {k}");
            // A name another file does not let this one see is left out.
            assert!(scanner.find(text.as_bytes(), |n| n != "new").iter().all(|(n, _)| *n != "new"));
        }
    }
}
