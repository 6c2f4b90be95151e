//! Which files to analyze: a gitignore-aware walk, the language of each file, and every file
//! in scope that cannot be analyzed, with the reason.

use std::path::{Path, PathBuf};

use ignore::WalkBuilder;

use crate::diagnostic::NotAnalyzed;
use crate::lang::typescript::Dialect;

/// Directories never entered unless named on the command line: dependencies, build output and
/// Python's caches and virtual environments.
pub const DEFAULT_EXCLUDED_DIRS: &[&str] =
    &["node_modules", "target", "dist", "build", ".git", "__pycache__", ".venv", "venv", "site-packages", ".tox"];

/// What a file is, for the analyzer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    TypeScript(Dialect),
    Rust,
    /// `.py` and `.pyi`.
    Python,
    /// `package.json`, `Cargo.toml` or a Python manifest or lock file.
    Manifest,
}

impl FileKind {
    pub fn of(path: &Path) -> Option<FileKind> {
        // Lossy: a file whose name is not UTF-8 is still a source file.
        let name = path.file_name()?.to_string_lossy();
        let name = name.as_ref();
        if crate::project::Manifest::kind_of_path(path).is_some() {
            return Some(FileKind::Manifest);
        }
        if name.ends_with(".min.js") {
            return None;
        }
        let ext = name.rsplit_once('.')?.1;
        if ext == "rs" {
            return Some(FileKind::Rust);
        }
        if crate::lang::python::is_python_extension(ext) {
            return Some(FileKind::Python);
        }
        Dialect::for_extension(ext).map(FileKind::TypeScript)
    }
}

/// Why a JavaScript or TypeScript text is minified or generated code rather than source, if it
/// is: at least 16 KiB, lines averaging 1,000 bytes or more, and code in them (at least one
/// byte in 50 is one of `;{}()`). Build output is not the project's code (`*.min.js` is never
/// walked); a bundle without that name is found by its shape. Ordinary source averages well
/// under 100 bytes a line, and a long data URI or base64 string is no code.
pub fn minified(text: &str) -> Option<String> {
    const MIN_SIZE: usize = 16 * 1024;
    const MIN_AVERAGE: usize = 1000;
    const MAX_BYTES_PER_PUNCT: usize = 50;
    if text.len() < MIN_SIZE {
        return None;
    }
    let bytes = text.as_bytes();
    // Lines average MIN_AVERAGE bytes or more only if there are at most len / MIN_AVERAGE of
    // them: ordinary source is ruled out after reading its first few lines.
    let max_lines = text.len() / MIN_AVERAGE;
    if memchr::memchr_iter(b'\n', bytes).nth(max_lines.saturating_sub(1)).is_some() {
        return None;
    }
    let lines = memchr::memchr_iter(b'\n', bytes).count() + 1;
    let average = text.len() / lines;
    let punct = bytes.iter().filter(|b| matches!(b, b';' | b'{' | b'}' | b'(' | b')')).count();
    (punct * MAX_BYTES_PER_PUNCT >= text.len()).then(|| {
        format!(
            "minified or generated code ({lines} lines averaging {average} bytes): build output, not source; exclude it if it is vendored"
        )
    })
}

/// A file to analyze.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub path: PathBuf,
    /// Relative to the scan root, forward slashes.
    pub rel: String,
    pub kind: FileKind,
    /// Size when the walk saw it, for scheduling only: [`read_candidate`] checks the limit on
    /// the open file.
    pub size: u64,
}

#[derive(Clone, Debug)]
pub struct DiscoverOptions {
    pub root: PathBuf,
    pub respect_gitignore: bool,
    pub max_file_size: u64,
    /// Glob patterns (gitignore syntax) to leave out.
    pub exclude: Vec<ExcludeSet>,
    /// Walker threads.
    pub threads: usize,
}

/// Glob patterns in gitignore syntax, anchored at `base` (the directory of the configuration
/// file that lists them, or the scan root for `--exclude`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExcludeSet {
    pub base: PathBuf,
    pub patterns: Vec<String>,
}

#[derive(Debug, Default)]
pub struct Discovered {
    pub candidates: Vec<Candidate>,
    pub not_analyzed: Vec<NotAnalyzed>,
}

/// Walks `paths` (on `opts.threads` threads) and sorts what it finds by relative path.
pub fn discover(paths: &[PathBuf], opts: &DiscoverOptions) -> Result<Discovered, String> {
    let mut out = Discovered::default();
    let excludes = std::sync::Arc::new(build_excludes(&opts.exclude)?);
    for input in paths {
        let meta = std::fs::symlink_metadata(input);
        match meta {
            Err(e) => return Err(format!("{}: {}", input.display(), io_reason(&e))),
            Ok(m) if m.is_file() || m.file_type().is_symlink() => {
                // A file named on the command line is analyzed whatever its directory.
                match FileKind::of(input) {
                    Some(kind) => consider(input, kind, &m, opts, &mut out),
                    None => {
                        return Err(format!(
                            "{}: not a TypeScript, JavaScript, Python, Rust or manifest file",
                            input.display()
                        ))
                    }
                }
                continue;
            }
            Ok(_) => {}
        }
        let mut walk = WalkBuilder::new(input);
        walk.follow_links(false)
            .git_ignore(opts.respect_gitignore)
            .git_global(opts.respect_gitignore)
            .git_exclude(opts.respect_gitignore)
            .ignore(opts.respect_gitignore)
            .parents(opts.respect_gitignore)
            .require_git(false)
            .hidden(true)
            .threads(opts.threads.max(1));
        let root_for_filter = input.clone();
        walk.filter_entry(move |entry| {
            if entry.depth() == 0 || !entry.file_type().is_some_and(|t| t.is_dir()) {
                return true;
            }
            let name = entry.file_name().to_string_lossy();
            !DEFAULT_EXCLUDED_DIRS.contains(&name.as_ref()) || entry.path() == root_for_filter
        });
        // Each walker thread gathers its own share; the shares are merged and sorted below.
        let shares = std::sync::Mutex::new(Vec::<Discovered>::new());
        walk.build_parallel().run(|| {
            let excludes = excludes.clone();
            Box::new(Share { own: Discovered::default(), shares: &shares, excludes, opts, input }.visitor())
        });
        for share in shares.into_inner().unwrap_or_default() {
            out.candidates.extend(share.candidates);
            out.not_analyzed.extend(share.not_analyzed);
        }
    }
    out.candidates.sort_by(|a, b| a.rel.cmp(&b.rel));
    out.candidates.dedup_by(|a, b| a.rel == b.rel);
    out.not_analyzed.sort();
    out.not_analyzed.dedup();
    Ok(out)
}

/// What one walker thread found; handed over to `shares` when the thread is done.
struct Share<'a> {
    own: Discovered,
    shares: &'a std::sync::Mutex<Vec<Discovered>>,
    excludes: std::sync::Arc<Excludes>,
    opts: &'a DiscoverOptions,
    input: &'a PathBuf,
}

impl Share<'_> {
    fn visitor<'s>(mut self) -> impl FnMut(Result<ignore::DirEntry, ignore::Error>) -> ignore::WalkState + Send + 's
    where
        Self: 's,
    {
        move |result| {
            self.visit(result);
            ignore::WalkState::Continue
        }
    }

    fn visit(&mut self, result: Result<ignore::DirEntry, ignore::Error>) {
        match result {
            Ok(entry) => {
                let path = entry.path();
                let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
                if is_dir || is_excluded(&self.excludes, path, is_dir) {
                    return;
                }
                if let Some(kind) = FileKind::of(path) {
                    match entry.metadata() {
                        Ok(meta) => consider(path, kind, &meta, self.opts, &mut self.own),
                        Err(err) => self.own.not_analyzed.push(NotAnalyzed {
                            path: relative(&self.opts.root, path),
                            reason: walk_reason(&err),
                            position: None,
                            internal: false,
                            may_hold_findings: true,
                        }),
                    }
                }
            }
            Err(err) => {
                // Unreadable directories, loops and vanished entries: report and go on.
                let path = error_path(&err).unwrap_or_else(|| self.input.clone());
                self.own.not_analyzed.push(NotAnalyzed {
                    path: relative(&self.opts.root, &path),
                    reason: walk_reason(&err),
                    position: None,
                    internal: false,
                    may_hold_findings: true,
                });
            }
        }
    }
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        if let Ok(mut shares) = self.shares.lock() {
            shares.push(std::mem::take(&mut self.own));
        }
    }
}

/// A source file or manifest the walk found, with its `lstat` metadata. The size limit is
/// checked when the file is read ([`read_candidate`]).
fn consider(path: &Path, kind: FileKind, meta: &std::fs::Metadata, opts: &DiscoverOptions, out: &mut Discovered) {
    let rel = relative(&opts.root, path);
    let file_type = meta.file_type();
    if file_type.is_symlink() {
        out.not_analyzed.push(NotAnalyzed {
            path: rel,
            reason: "symbolic link, not followed".into(),
            position: None,
            internal: false,
            may_hold_findings: true,
        });
        return;
    }
    if !file_type.is_file() {
        // A FIFO, socket or device with a source file's name: reading it could block forever.
        out.not_analyzed.push(NotAnalyzed {
            path: rel,
            reason: "not a regular file".into(),
            position: None,
            internal: false,
            may_hold_findings: true,
        });
        return;
    }
    out.candidates.push(Candidate { path: path.to_path_buf(), rel, kind, size: meta.len() });
}

/// Indices of `candidates`, largest file first. Worker threads take files in this order, so
/// the run does not end with one thread parsing a large file while the other waits; results
/// are put back in path order afterwards.
pub fn largest_first(candidates: &[Candidate]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(candidates[i].size));
    order
}

/// A candidate's bytes, or why it cannot be analyzed: unreadable, or larger than `max_size`
/// (checked on the open file, before reading it).
pub fn read_candidate(c: &Candidate, max_size: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(&c.path).map_err(|e| io_reason(&e))?;
    let len = file.metadata().map_err(|e| io_reason(&e))?.len();
    if len > max_size {
        return Err(format!("larger than the size limit ({len} bytes > {max_size} bytes)"));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0).saturating_add(1));
    // At most one byte past the limit: a file that grew since is still refused.
    file.take(max_size.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| io_reason(&e))?;
    if bytes.len() as u64 > max_size {
        return Err(format!("larger than the size limit ({} bytes > {max_size} bytes)", bytes.len()));
    }
    Ok(bytes)
}

/// One matcher per set, with its absolute base.
type Excludes = Vec<(PathBuf, ignore::gitignore::Gitignore)>;

fn build_excludes(sets: &[ExcludeSet]) -> Result<Excludes, String> {
    let mut out = Vec::new();
    for set in sets.iter().filter(|s| !s.patterns.is_empty()) {
        let base = absolute(&set.base);
        let mut b = ignore::gitignore::GitignoreBuilder::new(&base);
        for p in &set.patterns {
            b.add_line(None, p).map_err(|e| format!("invalid exclude pattern `{p}`: {e}"))?;
        }
        out.push((base, b.build().map_err(|e| format!("invalid exclude patterns: {e}"))?));
    }
    Ok(out)
}

/// Whether a walked path matches an exclude set. Paths are compared in absolute, lexically
/// normalized form, so a set applies whatever directory the walk started from; a path outside
/// a set's base is not matched by it.
fn is_excluded(excludes: &Excludes, path: &Path, is_dir: bool) -> bool {
    if excludes.is_empty() {
        return false;
    }
    let path = absolute(path);
    excludes.iter().any(|(base, matcher)| {
        path.strip_prefix(base).is_ok_and(|rel| {
            !rel.as_os_str().is_empty() && matcher.matched_path_or_any_parents(rel, is_dir).is_ignore()
        })
    })
}

/// `path` made absolute against the current directory, with `.` and `..` resolved lexically.
pub fn absolute(path: &Path) -> PathBuf {
    use std::path::Component;
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// `path` relative to `root` with forward slashes, or as given when it lies elsewhere.
pub fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    let rel = rel.strip_prefix("./").unwrap_or(rel);
    let s = rel.to_string_lossy().replace('\\', "/");
    if s.is_empty() {
        ".".to_string()
    } else {
        s
    }
}

pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::NotFound => "no such file (it disappeared or is a dangling link)".into(),
        _ => format!("cannot be read: {e}"),
    }
}

fn error_path(err: &ignore::Error) -> Option<PathBuf> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path.clone()),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => error_path(err),
        ignore::Error::Loop { child, .. } => Some(child.clone()),
        _ => None,
    }
}

fn walk_reason(err: &ignore::Error) -> String {
    match err {
        ignore::Error::WithPath { err, .. }
        | ignore::Error::WithDepth { err, .. }
        | ignore::Error::WithLineNumber { err, .. } => walk_reason(err),
        ignore::Error::Loop { .. } => "symbolic link loop".into(),
        ignore::Error::Io(e) => io_reason(e),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minified_code_is_told_by_its_line_length_and_punctuation() {
        let lines = |n: usize, width: usize| format!("{}\n", "x(y);".repeat(width / 5)).repeat(n);
        // 20 lines of 1,000 bytes and a newline: 21 lines averaging 953 bytes are source.
        assert!(minified(&lines(20, 1000)).is_none());
        assert!(minified(&lines(10, 2000)).is_some());
        // Long lines of data, not code.
        assert!(minified(&format!("{}\n", "A".repeat(2000)).repeat(10)).is_none());
        // Too small to be a bundle at all.
        assert!(minified(&lines(2, 5000)).is_none());
    }

    #[test]
    fn workers_take_the_largest_files_first() {
        let dir = std::env::temp_dir().join(format!("mcpshift-largest-first-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (name, size) in [("a.ts", 10), ("b.rs", 3000), ("c.ts", 0), ("d.ts", 200)] {
            let path = dir.join(name);
            if let Err(e) = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, "x".repeat(size))) {
                panic!("{}: {e}", path.display());
            }
        }
        let opts = DiscoverOptions {
            root: dir.clone(),
            respect_gitignore: false,
            max_file_size: u64::MAX,
            exclude: Vec::new(),
            threads: 2,
        };
        let found = match discover(std::slice::from_ref(&dir), &opts) {
            Ok(f) => f,
            Err(e) => panic!("{e}"),
        };
        let _ = std::fs::remove_dir_all(&dir);
        let names: Vec<&str> = found.candidates.iter().map(|c| c.rel.as_str()).collect();
        assert_eq!(names, ["a.ts", "b.rs", "c.ts", "d.ts"], "candidates stay in path order");
        let sizes: Vec<u64> = found.candidates.iter().map(|c| c.size).collect();
        assert_eq!(sizes, [10, 3000, 0, 200]);
        let order: Vec<&str> = largest_first(&found.candidates).into_iter().map(|i| names[i]).collect();
        assert_eq!(order, ["b.rs", "d.ts", "a.ts", "c.ts"]);
    }
}
