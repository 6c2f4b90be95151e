//! One analysis run, top to bottom: discover files → read → prefilter → parse once → run all
//! rules in one pass → project rules → collect and sort.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::analyze::{analyze, FileResult, IndexTokens, Job, Keep, Kept, NameScanner, Pass, STACK_SIZE};
use crate::baseline::BaselineSummary;
use crate::diagnostic::{Diagnostic, NotAnalyzed};
use crate::discover::{self, DiscoverOptions, ExcludeSet, FileKind};
use crate::engine::{make_diagnostic, Engine, Target};
use crate::index::{FileIndex, ProjectIndex};
use crate::lang;
use crate::packages::Packages;
use crate::prefilter::{Prefilter, RuleSet};
use crate::project::{Manifest, ManifestKind, ProjectFact};
use crate::root::Scope;
use crate::rules::{self, Level, Registry, RuleDef, FILE_NOT_ANALYZED};
use crate::schedule;
use crate::source::SourceFile;
use crate::suppress::{self, FileSuppressions};
use crate::tree::Lang;

/// Everything that shapes a run.
#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    /// Paths in the report are relative to this directory.
    pub root: PathBuf,
    /// Rule ids or names to run (all when empty).
    pub select: Vec<String>,
    /// Rule ids or names not to run.
    pub ignore: Vec<String>,
    pub target: Target,
    /// Worker threads (0: all cores).
    pub jobs: usize,
    pub respect_gitignore: bool,
    pub max_file_size: u64,
    pub prefilter: bool,
    /// Glob patterns (gitignore syntax) of paths to leave out, each set anchored at its base.
    pub exclude: Vec<ExcludeSet>,
    /// Per-rule level overrides (id → level).
    pub levels: Vec<(String, Level)>,
    /// Report only findings in these files (relative to `root`). Every file is still analyzed,
    /// so project-level rules see the whole project (`--changed-since`).
    pub only_paths: Option<BTreeSet<String>>,
    /// Report only on these files and directories (the paths named on the command line, when
    /// `paths` is the whole project): findings, files not analyzed and the count of files
    /// analyzed.
    pub scope: Option<Scope>,
    /// Test hook (hidden flag `--inject-panic`): a rule pass panics on files whose path
    /// contains this, to prove that a bug in one rule never stops the run.
    pub inject_panic: Option<String>,
    /// Bytes of trees the first passes may keep for the pass with the index (see
    /// [`Keep`]); 0 parses every file that pass reads again. The output is the same.
    pub keep_trees: usize,
    /// Files whose bytes the run takes from here instead of the disk: the edited texts the fix
    /// loop analyzes before anything is written (see [`crate::fixer`]).
    pub overlay: Option<std::sync::Arc<Overlay>>,
}

/// Bytes of files by path relative to the root, standing in for what the disk holds.
pub type Overlay = HashMap<String, Vec<u8>>;

impl Default for Options {
    fn default() -> Self {
        Options {
            paths: vec![PathBuf::from(".")],
            root: PathBuf::from("."),
            select: Vec::new(),
            ignore: Vec::new(),
            target: Target::Modern,
            jobs: 0,
            respect_gitignore: true,
            max_file_size: 2 * 1024 * 1024,
            prefilter: true,
            exclude: Vec::new(),
            levels: Vec::new(),
            only_paths: None,
            scope: None,
            inject_panic: None,
            keep_trees: Keep::BUDGET,
            overlay: None,
        }
    }
}

impl Options {
    /// Whether a path (relative to `root`) is reported on: within `scope` and `only_paths`.
    pub fn reports(&self, path: &str) -> bool {
        self.scope.as_ref().is_none_or(|s| s.contains(path))
            && self.only_paths.as_ref().is_none_or(|o| o.contains(path))
    }
}

/// Counters and timings of a run (`--stats`).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub files_found: usize,
    pub files_skipped_by_prefilter: usize,
    pub files_parsed_typescript: usize,
    pub files_parsed_rust: usize,
    pub files_parsed_python: usize,
    pub manifests_read: usize,
    pub bytes_read: u64,
    pub bytes_parsed: u64,
    /// Files parsed in the second pass, for facts a file check asked for.
    pub files_parsed_for_facts: usize,
    /// Function bodies left unread: they hold no token (see [`crate::prefilter::Hits`]).
    pub bodies_unread: u64,
    /// Packages read from manifests.
    pub packages: usize,
    /// Names of constants the project index gives a meaning (the scanner looks for them).
    pub index_names: usize,
    /// Files whose rules ran with the index, and the uses of constants resolved in them.
    pub files_resolved: usize,
    pub files_parsed_again: usize,
    /// Files of that pass whose tree the first passes kept.
    pub trees_reused: usize,
    pub names_resolved: usize,
    pub index_time: Duration,
    /// The files that took longest to parse and check: (seconds, path), longest first.
    pub slowest: Vec<(Duration, String)>,
    pub discovery: Duration,
    /// Summed over worker threads.
    pub reading_and_scanning: Duration,
    pub parsing: Duration,
    pub rules: Duration,
    pub wall: Duration,
}

/// The result of a run.
#[derive(Debug, Default)]
pub struct Report {
    /// Sorted by (path, line, column, rule); includes suppressed findings (see
    /// [`Diagnostic::suppression`]) and MCP000 findings for files not analyzed.
    pub findings: Vec<Diagnostic>,
    pub not_analyzed: Vec<NotAnalyzed>,
    pub files_analyzed: usize,
    pub stats: Stats,
    /// Ids of the rules that ran.
    pub rules_run: Vec<String>,
    /// The comparison with a baseline, when the run had one (`--baseline`).
    pub baseline: Option<BaselineSummary>,
    /// The inline suppressions of each file: a fix never edits one (see [`crate::fixer`]).
    pub suppressions: Vec<FileSuppressions>,
}

impl Report {
    /// Findings that count: neither suppressed inline nor recorded in the baseline.
    pub fn active(&self) -> impl Iterator<Item = &Diagnostic> {
        self.findings.iter().filter(|d| d.is_active())
    }

    /// Whether an analyzer bug left the run incomplete.
    pub fn incomplete(&self) -> bool {
        self.not_analyzed.iter().any(|n| n.internal)
    }
}

/// Resolves `--select`/`--ignore` into the enabled rules.
pub fn enabled_rules(
    registry: &'static Registry,
    select: &[String],
    ignore: &[String],
) -> Result<Vec<&'static RuleDef>, String> {
    for name in select.iter().chain(ignore) {
        if registry.get(name).is_none() {
            return Err(crate::suggest::unknown_rule(registry, name));
        }
    }
    Ok(registry
        .rules
        .iter()
        .filter(|r| select.is_empty() || select.iter().any(|s| r.meta.id.eq_ignore_ascii_case(s) || r.meta.name == *s))
        .filter(|r| !ignore.iter().any(|s| r.meta.id.eq_ignore_ascii_case(s) || r.meta.name == *s))
        .collect())
}

/// Runs the analyzer.
pub fn run(opts: &Options) -> Result<Report, String> {
    let wall = Instant::now();
    let jobs = if opts.jobs == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { opts.jobs };
    let walk_options = DiscoverOptions {
        root: opts.root.clone(),
        respect_gitignore: opts.respect_gitignore,
        max_file_size: opts.max_file_size,
        exclude: opts.exclude.clone(),
        threads: jobs,
    };
    // The walk runs while the rules and the automaton are built: each takes milliseconds, and
    // on a small project they are most of the run.
    let (walked, built) = std::thread::scope(|scope| {
        let walk = scope.spawn(|| {
            let t = Instant::now();
            discover::discover(&opts.paths, &walk_options).map(|found| (found, t.elapsed()))
        });
        let built = engine_and_prefilter(opts);
        let walked = walk.join().unwrap_or_else(|_| Err("internal error while listing files".to_string()));
        (walked, built)
    });
    let (enabled, engine, prefilter) = built?;
    let registry = engine.registry;
    let (discovered, discovery) = walked?;
    let mut stats = Stats { discovery, files_found: discovered.candidates.len(), ..Stats::default() };

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(STACK_SIZE)
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let candidates = &discovered.candidates;
    let index_tokens = IndexTokens::new(&enabled);
    let keep = Keep::new(opts.keep_trees);
    let job = |i: usize, package_mcp: bool, pass: Pass<'_>, kept: &mut Option<Box<Kept>>| -> Option<FileResult> {
        let job = Job {
            candidate: &candidates[i],
            engine: &engine,
            prefilter: &prefilter,
            index_tokens: &index_tokens,
            package_mcp,
            pass,
            keep: &keep,
            overlay: opts.overlay.as_deref(),
        };
        analyze(&job, kept)
    };

    // Manifests first: a file of a package that depends on an MCP SDK speaks MCP.
    let manifest_ids: Vec<usize> =
        (0..candidates.len()).filter(|&i| candidates[i].kind == FileKind::Manifest).collect();
    let manifest_results: Vec<(usize, FileResult)> = pool.install(|| {
        manifest_ids
            .par_iter()
            .filter_map(|&i| Some((i, job(i, false, Pass::First { rules_later: false }, &mut None)?)))
            .collect()
    });
    let manifests: Vec<&Manifest> = manifest_results.iter().filter_map(|(_, r)| r.manifest.as_deref()).collect();
    let packages = Packages::from_manifests_ref(&manifests);
    let ecosystems: Vec<Option<ManifestKind>> = candidates.iter().map(|c| ecosystem(c.kind)).collect();
    let package_of: Vec<Option<usize>> =
        candidates.iter().zip(&ecosystems).map(|(c, k)| k.and_then(|k| packages.of(&c.rel, k))).collect();
    let manifest_mcp: Vec<bool> =
        package_of.iter().map(|p| p.and_then(|p| packages.get(p)).is_some_and(|p| p.mcp_by_manifest)).collect();
    let by_manifest = |i: usize| manifest_mcp[i];

    // First pass: every source file, largest first. A file parsed for its rules is only
    // parsed and indexed here: its rules run once the index is known.
    let order: Vec<usize> =
        discover::largest_first(candidates).into_iter().filter(|&i| candidates[i].kind != FileKind::Manifest).collect();
    let mut slots: Vec<Option<FileResult>> = (0..candidates.len()).map(|_| None).collect();
    for (i, r) in manifest_results {
        slots[i] = Some(r);
    }
    // Placed as they are read, in `order` (see `schedule::InOrder`): a filtering collect would
    // hold a vector per file (one file per job) until the end, several times the size of the
    // results on a large tree.
    let first = schedule::in_order(&pool, order.clone(), |i| {
        job(i, by_manifest(i), Pass::First { rules_later: true }, &mut None)
    });
    for (&i, r) in order.iter().zip(first) {
        slots[i] = r;
    }
    let mut results: Vec<FileResult> = slots
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.unwrap_or_else(|| crate::analyze::empty(&candidates[i].rel)))
        .collect();

    // The trees the first pass kept, for the passes with the index.
    let mut kept: Vec<Option<Box<Kept>>> = results.iter_mut().map(|r| r.kept.take()).collect();

    // The project index, from what the first pass read.
    let t = Instant::now();
    let file_indexes: Vec<Option<FileIndex>> = results.iter_mut().map(|r| r.index.take().map(|f| *f)).collect();
    let paths: Vec<String> = candidates.iter().map(|c| c.rel.clone()).collect();
    let mut index = ProjectIndex::new(
        file_indexes,
        paths,
        &ecosystems,
        packages,
        &|v: &str| index_tokens.holds_value(v),
        &|b: &[u8]| prefilter.holds_token(b),
    );
    stats.index_time = t.elapsed();
    stats.index_names = index.meaningful().count();
    stats.packages = index.packages.list.len();

    // Second pass: the rules of the files the first pass parsed, with the index. A file that
    // uses no name the index gives a meaning, and whose package's context is what its manifest
    // said, gets the rules as the first pass would have run them.
    let pending: Vec<bool> = results.iter().map(|r| r.rules_pending).collect();
    let names = NameScanner::new(with_doers(index.meaningful_values(), &index));
    let files: Vec<(usize, Option<Box<Kept>>)> =
        order.iter().filter(|&&i| pending[i]).map(|&i| (i, kept[i].take())).collect();
    let second = IndexPass { index: &index, names: &names, select: None, demands: None, first: Some(&by_manifest) }
        .run(&pool, files, &results, &job);
    take_results(second, &mut results, &mut kept, &mut index);

    // Facts pass: files that may define what the file checks asked for (a parameter struct used
    // in another file). Their results take their places in the list, so facts keep the order of
    // a run without the prefilter; the index already holds what the first pass read of them.
    let wanted = Demands::of(&engine, &results);
    if !wanted.is_empty() {
        let asked: Vec<(usize, RuleSet)> =
            order.iter().filter_map(|&i| Some((i, wanted.rules_for(results[i].deferred.as_ref()?)?))).collect();
        let facts: Vec<(usize, FileResult)> = schedule::in_order(&pool, asked, |(i, rules)| {
            Some((i, job(i, by_manifest(i), Pass::Facts(&wanted, &rules), &mut None)?))
        })
        .flatten()
        .collect();
        for (i, mut r) in facts {
            // The index keeps what the first pass read of the file (see above).
            r.index = None;
            r.add_times_of(&results[i]);
            kept[i] = r.kept.take().map(|mut k| {
                k.not_indexed();
                k
            });
            results[i] = r;
        }
    }
    let demands = (!wanted.is_empty()).then_some(&wanted);

    // Third pass: the other files that use names the index gives a meaning (a file the
    // prefilter skipped may use a constant whose value holds a token), and files of packages
    // that turned out to be MCP code only from what their files show.
    let names = names.renew(with_doers(index.meaningful_values(), &index));
    let files: Vec<(usize, Option<Box<Kept>>)> = order
        .iter()
        .copied()
        .filter(|&i| {
            let r = &results[i];
            !pending[i]
                && r.not_analyzed.is_none()
                && ((!names.is_empty() && index.sees_meaningful(i)) || (index.package_mcp_by_code(i) && !r.own_context))
        })
        .map(|i| (i, kept[i].take()))
        .collect();
    let third = IndexPass { index: &index, names: &names, select: None, demands, first: None }
        .run(&pool, files, &results, &job);
    take_results(third, &mut results, &mut kept, &mut index);
    // Functions found to do a removed thing in the passes before (a wrapper that sends through a
    // constant): their callers are analyzed once more, as are the callers of those callers.
    let mut names = names;
    for _ in 0..MAX_EXTRA_PASSES {
        let new = index.refresh_doers();
        if new.is_empty() {
            break;
        }
        let select = NameScanner::new(new.into_iter().map(|n| (n, Vec::new())).collect());
        names = names.renew(with_doers(index.meaningful_values(), &index));
        let files: Vec<(usize, Option<Box<Kept>>)> =
            order.iter().filter(|&&i| results[i].not_analyzed.is_none()).map(|&i| (i, kept[i].take())).collect();
        let more = IndexPass { index: &index, names: &names, select: Some(&select), demands, first: None }
            .run(&pool, files, &results, &job);
        take_results(more, &mut results, &mut kept, &mut index);
    }

    // Freed on every thread: on MCP-dense code the kept trees are most of the memory.
    pool.install(|| kept.into_par_iter().for_each(drop));

    let mut report = Report { not_analyzed: discovered.not_analyzed, ..Report::default() };
    let mut facts: Vec<ProjectFact> = Vec::new();
    let mut manifests: Vec<Manifest> = Vec::new();
    let mut suppressions: Vec<FileSuppressions> = Vec::new();
    let mut modern_path = false;
    let mut links = Vec::new();
    for r in results {
        stats.bytes_read += r.bytes;
        stats.reading_and_scanning += r.read_scan;
        stats.parsing += r.parse;
        stats.rules += r.rules;
        if r.skipped {
            stats.files_skipped_by_prefilter += 1;
        }
        match r.lang {
            Some(Lang::TypeScript) => stats.files_parsed_typescript += 1,
            Some(Lang::Rust) => stats.files_parsed_rust += 1,
            Some(Lang::Python) => stats.files_parsed_python += 1,
            None => {}
        }
        if r.lang.is_some() {
            stats.bytes_parsed += r.bytes;
            stats.files_parsed_for_facts += usize::from(r.pass == 1);
            stats.bodies_unread += u64::from(r.bodies_unread);
            stats.slowest.push((r.parse + r.rules, r.path.clone()));
        }
        if let Some(n) = r.not_analyzed {
            report.not_analyzed.push(n);
        } else if opts.scope.as_ref().is_none_or(|s| s.contains(&r.path)) {
            report.files_analyzed += 1;
        }
        if let Some(m) = r.manifest {
            stats.manifests_read += 1;
            manifests.push(*m);
        }
        if r.pass == 2 && r.lang.is_some() {
            stats.files_resolved += 1;
            stats.names_resolved += r.resolved;
            if r.reused {
                stats.trees_reused += 1;
            } else {
                stats.files_parsed_again += 1;
            }
        }
        modern_path |= r.outcome.modern_path;
        if !r.suppressions.is_empty() {
            suppressions.push(FileSuppressions { path: r.path, items: r.suppressions });
        }
        report.findings.extend(r.outcome.diagnostics);
        facts.extend(r.outcome.facts);
        links.extend(r.outcome.links);
    }
    // Handlers and constants defined elsewhere, where the findings' code leads.
    let at_definitions = crate::index::at_definitions(&index, &links, &report.findings);
    report.findings.extend(at_definitions);

    stats.slowest.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    stats.slowest.truncate(5);

    let t = Instant::now();
    let project = engine.check_project(&facts, &manifests);
    stats.rules += t.elapsed();
    report.findings.extend(project.diagnostics);
    for (rule, message) in project.panics {
        report.not_analyzed.push(NotAnalyzed {
            path: ".".into(),
            reason: format!("internal error in project rule {rule}: {message}"),
            position: None,
            internal: true,
            may_hold_findings: true,
        });
    }

    // A project also opts into the modern era through its SDK's version or feature (rmcp 3,
    // tower-mcp `protocol-2026-07-28`); MCP203's document records which.
    if opts.target == Target::Dual && !modern_path {
        let eras =
            registry.get("MCP203").map(|def| crate::manifest::SdkEras::from_data(&def.meta.data)).unwrap_or_default();
        modern_path = crate::manifest::opts_into_modern(&manifests, &eras);
    }
    suppress::apply(&mut report.findings, &suppressions, registry, &enabled);
    report.suppressions = suppressions;
    keep_reported(&mut report, opts);
    crate::unanalyzed::triage(&mut report.not_analyzed, &engine, &enabled, &opts.root);
    finish(&mut report, registry, &enabled, opts, modern_path, &manifests);
    report.rules_run = enabled.iter().map(|r| r.meta.id.clone()).collect();
    stats.wall = wall.elapsed();
    report.stats = stats;
    Ok(report)
}

/// How a file is analyzed: its index in the candidates, what its package's manifest says, the
/// pass, and the tree an earlier pass kept.
type JobFn<'a> = dyn Fn(usize, bool, Pass<'_>, &mut Option<Box<Kept>>) -> Option<FileResult> + Sync + 'a;

/// What a pass with the index analyzes files with.
struct IndexPass<'a> {
    index: &'a ProjectIndex,
    names: &'a NameScanner,
    select: Option<&'a NameScanner>,
    demands: Option<&'a Demands>,
    /// For the pass that runs the rules the first pass left: what each file's manifest says of
    /// its package, the context they run with where the index changes nothing.
    first: Option<&'a (dyn Fn(usize) -> bool + Sync)>,
}

impl IndexPass<'_> {
    /// Analyzes `files` in parallel, each with the tree kept for it, if any.
    fn run(
        &self,
        pool: &rayon::ThreadPool,
        files: Vec<(usize, Option<Box<Kept>>)>,
        results: &[FileResult],
        job: &JobFn<'_>,
    ) -> schedule::InOrder<(usize, Option<FileResult>, Option<Box<Kept>>)> {
        let index = self.index;
        schedule::in_order(pool, files, |(i, mut kept)| {
            let pass = Pass::Resolve {
                index,
                file: i,
                names: self.names,
                select: self.select,
                demands: self.demands,
                context_changed: index.package_mcp_by_code(i) && !results[i].own_context,
                rules_pending: self.first.is_some(),
                first_package_mcp: self.first.is_some_and(|f| f(i)),
            };
            let r = job(i, index.package_is_mcp(i), pass, &mut kept);
            (i, r, kept)
        })
    }
}

/// Puts the results of a pass with the index in their places: a file analyzed again replaces
/// its result and its index, and keeps its tree for the passes after; a file the index changed
/// nothing for keeps its result and the tree it had.
fn take_results(
    pass: impl IntoIterator<Item = (usize, Option<FileResult>, Option<Box<Kept>>)>,
    results: &mut [FileResult],
    kept: &mut [Option<Box<Kept>>],
    index: &mut ProjectIndex,
) {
    for (i, r, left) in pass {
        let Some(mut r) = r else {
            kept[i] = left;
            continue;
        };
        kept[i] = r.kept.take();
        if let Some(f) = r.index.take() {
            index.set_file(i, *f);
        } else if let Some(marks) = r.marks.take() {
            index.set_marks(i, &marks);
        }
        r.add_times_of(&results[i]);
        results[i] = r;
    }
}

/// The names the first pass's file checks asked for, per rule (`FileCx::demand`), with an
/// automaton that finds them in a file.
pub struct Demands {
    automata: Vec<Option<aho_corasick::AhoCorasick>>,
}

impl Demands {
    fn of(engine: &Engine, results: &[FileResult]) -> Demands {
        let mut names: Vec<Vec<&str>> = vec![Vec::new(); engine.rules.len()];
        for (rule, name) in results.iter().flat_map(|r| &r.outcome.demands) {
            if let Some(i) = engine.rules.iter().position(|d| d.meta.id == *rule) {
                names[i].push(name);
            }
        }
        let automata = names
            .into_iter()
            .map(|mut n| {
                n.sort_unstable();
                n.dedup();
                // If the automaton cannot be built the file is parsed: facts are never lost.
                (!n.is_empty()).then(|| aho_corasick::AhoCorasick::new(&n).ok()).flatten()
            })
            .collect();
        Demands { automata }
    }

    fn is_empty(&self) -> bool {
        self.automata.iter().all(Option::is_none)
    }

    /// The deferred rules of a file that asked for something.
    fn rules_for(&self, deferred: &RuleSet) -> Option<RuleSet> {
        let mut out = RuleSet::default();
        deferred.iter().filter(|i| self.automata.get(*i).is_some_and(Option::is_some)).for_each(|i| out.insert(i));
        (!out.is_empty()).then_some(out)
    }

    /// Of `rules`, those with a demanded name that `bytes` may define: the name as a whole
    /// identifier right after a declaration keyword (`struct SendArgs`, `export const SendArgs`).
    pub fn found_in(&self, rules: &RuleSet, bytes: &[u8]) -> RuleSet {
        let mut out = RuleSet::default();
        for i in rules.iter() {
            let Some(ac) = self.automata.get(i).and_then(Option::as_ref) else { continue };
            if ac.find_overlapping_iter(bytes).any(|m| declares(bytes, m.start(), m.end())) {
                out.insert(i);
            }
        }
        out
    }
}

/// Keywords that declare a name in TypeScript or Rust.
const DECLARATION_KEYWORDS: &[&[u8]] = &[
    b"struct",
    b"enum",
    b"union",
    b"type",
    b"const",
    b"static",
    b"let",
    b"var",
    b"class",
    b"interface",
    b"function",
    b"fn",
];

/// Whether `bytes[start..end]` is a whole identifier that follows a declaration keyword.
fn declares(bytes: &[u8], start: usize, end: usize) -> bool {
    let ident = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$';
    if bytes.get(end).is_some_and(ident) {
        return false;
    }
    let before = bytes.get(..start).unwrap_or_default();
    let spaced = before.trim_ascii_end();
    if spaced.len() == before.len() {
        return false;
    }
    DECLARATION_KEYWORDS
        .iter()
        .any(|k| spaced.ends_with(k) && !spaced.get(..spaced.len() - k.len()).and_then(|b| b.last()).is_some_and(ident))
}

/// The enabled rules, their engine, and the prefilter of their tokens.
fn engine_and_prefilter(opts: &Options) -> Result<(Vec<&'static RuleDef>, Engine, Prefilter), String> {
    let registry = rules::registry()?;
    let enabled = enabled_rules(registry, &opts.select, &opts.ignore)?;
    let mut engine = Engine::new(registry, &enabled, opts.target);
    engine.inject_panic = opts.inject_panic.clone();
    engine.offer_all = !opts.prefilter;
    engine.max_file_size = opts.max_file_size;
    let builtin: Vec<&RuleDef> = enabled.iter().copied().filter(|r| r.rule.is_none()).collect();
    let prefilter = Prefilter::new(&engine.rules, &builtin, opts.prefilter, run_tokens(opts.target));
    Ok((enabled, engine, prefilter))
}

/// How many more passes follow functions found to do a removed thing to their callers: the
/// callers of such a function, the callers of a caller named for it, and once more.
const MAX_EXTRA_PASSES: usize = 3;

/// The meaningful names with their values, and the names of the functions that do a removed
/// thing (with none): every name the scanner looks for.
fn with_doers(mut names: Vec<(String, Vec<String>)>, index: &ProjectIndex) -> Vec<(String, Vec<String>)> {
    names.extend(index.doers().chain(index.own_type_names()).map(|d| (d.to_string(), Vec::new())));
    names
}

/// The ecosystem whose packages a file belongs to.
fn ecosystem(kind: FileKind) -> Option<ManifestKind> {
    match kind {
        FileKind::TypeScript(_) => Some(ManifestKind::Npm),
        FileKind::Rust => Some(ManifestKind::Cargo),
        FileKind::Python => Some(ManifestKind::Python),
        FileKind::Manifest => None,
    }
}

/// Tokens of files the run needs whatever the rules: under `--target dual` every file that may
/// implement the modern path, whether or not an enabled rule could fire in it.
fn run_tokens(target: Target) -> &'static [&'static str] {
    if target == Target::Dual {
        crate::context::MODERN_TOKENS
    } else {
        &[]
    }
}

/// Drops what lies outside the reported paths (the named paths, `--changed-since`); internal
/// errors stay, since they make the whole run incomplete.
fn keep_reported(report: &mut Report, opts: &Options) {
    report.findings.retain(|d| opts.reports(&d.path));
    report.not_analyzed.retain(|n| n.internal || opts.reports(&n.path));
}

/// Analyzes one in-memory source with every rule (file-level checks only): the entry point of
/// the fuzz targets and property tests. `path` decides the language by its extension.
pub fn check_source(path: &str, text: &str, target: Target) -> Result<Vec<Diagnostic>, String> {
    let registry = rules::registry()?;
    let enabled: Vec<&'static RuleDef> = registry.rules.iter().collect();
    let engine = Engine::new(registry, &enabled, target);
    let kind = FileKind::of(std::path::Path::new(path)).ok_or_else(|| format!("{path}: not a source file"))?;
    let source = SourceFile::new(text.to_string());
    // Every rule sees the file, but Rust bodies without tokens are left unread as in a run.
    static PREFILTERS: [std::sync::OnceLock<Prefilter>; 2] = [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    let dual = target == Target::Dual;
    let prefilter = PREFILTERS[usize::from(dual)].get_or_init(|| {
        let builtin: Vec<&RuleDef> = enabled.iter().copied().filter(|r| r.rule.is_none()).collect();
        Prefilter::new(&engine.rules, &builtin, true, run_tokens(target))
    });
    let hits = if kind == FileKind::Rust { prefilter.decide_and_mark(text.as_bytes(), false).1 } else { None };
    let tree = match kind {
        FileKind::TypeScript(dialect) => lang::typescript::lower(&source, dialect),
        FileKind::Rust => lang::rust::lower_on_stack(&source, lang::rust::SMALL_STACK, hits.as_ref()),
        FileKind::Python => lang::python::lower(&source),
        FileKind::Manifest => return Err(format!("{path}: manifests are read by project rules")),
    }
    .map_err(|f| f.reason)?;
    let mut outcome = engine.check_file(path, &source, &tree, None, false, None);
    if let Some((rule, message)) = outcome.panics.first() {
        return Err(format!("internal error in rule {rule}: {message}"));
    }
    let items = suppress::collect(&tree, &source);
    suppress::apply(
        &mut outcome.diagnostics,
        &[FileSuppressions { path: path.to_string(), items }],
        registry,
        &enabled,
    );
    outcome.diagnostics.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    Ok(outcome.diagnostics)
}

/// Source bytes to text (see [`crate::analyze::decode`]).
pub fn decode(bytes: Vec<u8>) -> Result<String, String> {
    crate::analyze::decode(bytes)
}

/// The rules whose legacy handlers a dual-era project keeps on purpose (the catalogue's
/// "Target modes"): under `--target dual` their findings flagged `legacy_handler` become notes
/// when the project also implements the modern path. A flag set by any other rule is ignored.
pub const DUAL_DEMOTED_RULES: &[&str] = &["MCP102", "MCP201", "MCP301", "MCP302", "MCP303", "MCP306", "MCP307"];

/// The hint of a legacy handler a dual-era project keeps.
const DUAL_HINT: &str = "Dual-era: serve this only to 2025 peers, behind the era check (no modern `_meta` \
     protocol version on the request), and delete it when the project drops the 2025 era.";

/// The hint of a finding in legacy-gated code under `--target dual`.
const DUAL_GATED_HINT: &str = "Dual-era: this code is compiled or run only for 2025 peers (a legacy feature, a legacy \
     module, an era check); keep it there, and delete it when the project drops the 2025 era.";

/// The hint of a finding in a test of legacy support under `--target dual`.
const DUAL_TEST_HINT: &str = "Dual-era: this test exercises the 2025 path the project keeps for legacy peers; keep it \
     next to a test of the 2026-07-28 path, and delete it when the project drops the 2025 era.";

/// Rules about features 2026-07-28 removed (sessions, lifecycle, removed methods): what a
/// dual-era project keeps for legacy peers. The rules about what a modern peer must send
/// (results, errors, capabilities, tool safety) apply to a test of the modern path too.
/// Makes a finding of legacy support a dual-era project keeps a note, saying why, with the
/// hint that fits it.
fn demote(d: &mut Diagnostic, why: &str, hint: &str) {
    d.level = Level::Note;
    d.message.push_str(why);
    d.hint = hint.to_string();
}

fn removed_feature_area(area: crate::rules::Area) -> bool {
    use crate::rules::Area;
    matches!(area, Area::Sessions | Area::Lifecycle | Area::RemovedMethods)
}

/// Level overrides, `--target dual`, MCP000 findings, fingerprints' occurrence index, order.
fn finish(
    report: &mut Report,
    registry: &'static Registry,
    enabled: &[&'static RuleDef],
    opts: &Options,
    modern_path: bool,
    manifests: &[Manifest],
) {
    let _ = manifests;
    for d in &mut report.findings {
        if let Some((_, level)) = opts.levels.iter().find(|(id, _)| id.eq_ignore_ascii_case(d.rule) || id == d.name) {
            d.level = *level;
        }
        if opts.target == Target::Dual
            && modern_path
            && d.legacy_handler
            && DUAL_DEMOTED_RULES.contains(&d.rule)
            && d.level > Level::Note
        {
            d.level = Level::Note;
            d.message.push_str(" (kept for legacy peers: keep it behind the era check)");
            d.hint = DUAL_HINT.to_string();
        }
        // Code only legacy builds compile, or only legacy peers reach, is the legacy support a
        // dual-era project keeps: a note in every rule, since the gate is its era check. A
        // folder or file named for the legacy era says so only next to a modern path.
        if opts.target == Target::Dual
            && (d.legacy_gated || (modern_path && crate::era_scope::legacy_path(&d.path)))
            && !d.rule.starts_with("MCP0")
            && d.level > Level::Note
        {
            demote(d, " (legacy-gated: kept for legacy peers behind its era check)", DUAL_GATED_HINT);
        }
        // The body of a handler for a removed method serves legacy peers alone: next to a modern
        // path it is the legacy support the project keeps, whatever rule finds something there.
        if opts.target == Target::Dual
            && modern_path
            && d.in_legacy_handler
            && !d.rule.starts_with("MCP0")
            && d.level > Level::Note
        {
            demote(d, " (in a handler only 2025 peers reach: keep it behind the era check)", DUAL_HINT);
        }
        // In a dual-era project a test that uses a removed feature tests the legacy support the
        // project keeps: the change, if any, belongs to the code under test.
        if opts.target == Target::Dual
            && modern_path
            && (d.in_test || crate::test_code::test_path(&d.path))
            && d.level > Level::Note
            && registry.get(d.rule).is_some_and(|r| removed_feature_area(r.meta.area))
        {
            demote(d, " (a test of the legacy support kept for 2025 peers behind the era check)", DUAL_TEST_HINT);
        }
    }
    if let Some(def) = enabled.iter().find(|r| r.meta.id == FILE_NOT_ANALYZED) {
        let _ = registry;
        for n in report.not_analyzed.iter().filter(|n| n.may_hold_findings) {
            let source = SourceFile::new(String::new());
            let mut d =
                make_diagnostic(&def.meta, &n.path, &source, (0, 0), format!("file not analyzed: {}", n.reason));
            if let Some(p) = n.position {
                d.start = p;
                d.end = p;
            }
            if let Some((_, level)) = opts.levels.iter().find(|(id, _)| id.eq_ignore_ascii_case(d.rule)) {
                d.level = *level;
            }
            report.findings.push(d);
        }
    }
    report.findings.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()).then_with(|| a.message.cmp(&b.message)));
    // At most one finding per rule and line: two matches of one rule on one line are nearly
    // always one construct seen twice (`ClientRequest::PingRequest(PingRequest::default())`).
    // The first by column stays, with the higher of the two levels.
    report.findings.dedup_by(|later, first| {
        let same = later.rule == first.rule && later.path == first.path && later.start.line == first.start.line;
        if same && later.level > first.level {
            first.level = later.level;
        }
        same
    });
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    for d in &mut report.findings {
        let n = seen.entry((d.fingerprint.clone(), d.path.clone())).or_insert(0);
        *n += 1;
        d.fingerprint = format!("{}:{}", d.fingerprint, n);
    }
    report.not_analyzed.sort();
    report.not_analyzed.dedup();
}

#[cfg(test)]
mod tests {
    use super::declares;

    /// A demanded name counts only where it is declared, as a whole identifier.
    #[test]
    fn a_fact_file_must_declare_the_name() {
        let at = |text: &str, name: &str| text.find(name).is_some_and(|i| declares(text.as_bytes(), i, i + name.len()));
        assert!(at("pub struct SendArgs { to: String }", "SendArgs"));
        assert!(at("export const SendArgs = z.object({})", "SendArgs"));
        assert!(at("enum  Args { A }", "Args"));
        // A use, a longer name, a keyword that only ends in one.
        assert!(!at("fn f(a: SendArgs) {}", "SendArgs"));
        assert!(!at("struct SendArgsV2 {}", "SendArgs"));
        assert!(!at("mystruct SendArgs", "SendArgs"));
        assert!(!at("structSendArgs", "SendArgs"));
    }
}
