//! The merged index of a run: every file's definitions and imports, the Rust module tree of
//! each crate, the TypeScript module graph, and the packages. It answers one question, "which
//! definition does this path or imported name lead to?", following `use` paths, `pub use` and
//! glob re-exports, relative imports, barrel `export * from` files and workspace packages.

use std::collections::BTreeSet;

// Names are hashed for every identifier of a file the index is asked about: Fx, not SipHash.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::{Def, DefKind, FileIndex, Value};
use crate::packages::Packages;
use crate::project::ManifestKind;

/// How many links (imports, re-exports, globs) a resolution may follow: real re-export
/// chains are short, and a cycle of imports must end.
const MAX_DEPTH: usize = 12;

/// A definition, and the file that holds it.
#[derive(Clone, Copy, Debug)]
pub struct Meaning<'a> {
    pub def: &'a Def,
    pub path: &'a str,
    pub file: usize,
}

impl<'a> Meaning<'a> {
    pub fn value(&self) -> Option<&'a Value> {
        self.def.value()
    }
}

/// A Rust module: the directory of its crate root and its path within the crate.
type RustModule = (String, Vec<String>);

/// The project index.
pub struct ProjectIndex {
    files: Vec<Option<FileIndex>>,
    paths: Vec<String>,
    by_path: HashMap<String, usize>,
    pub packages: Packages,
    /// Each file's package.
    package_of: Vec<Option<usize>>,
    /// Whether each package is MCP code: by its manifest, or because one of its files shows it.
    package_mcp: Vec<bool>,
    /// Each Rust file's module.
    rust_module: Vec<Option<RustModule>>,
    /// Rust file modules: (crate root directory, module path) → file.
    rust_files: HashMap<RustModule, usize>,
    /// Definitions whose value a rule may care about, by name, with the packages that define
    /// them.
    meaningful: HashMap<String, BTreeSet<Option<usize>>>,
    /// The names the scanner looks for to find the files that may use them: a meaningful
    /// definition's own name, or for a member of a TypeScript object, enum or class the name of
    /// its owner (`METHODS` for `METHODS.PING`): a member's name (`method`, `code`) says little.
    scan: HashMap<String, BTreeSet<Option<usize>>>,
    /// The string values each scanned name may stand for.
    scan_values: HashMap<String, BTreeSet<String>>,
    /// Scanned names that may stand for a value holding a prefilter token (see
    /// [`ProjectIndex::matters_unread`]).
    loud: HashSet<String>,
    /// Functions that do a removed thing for their callers (see [`super::calls`]), by name.
    doers: HashMap<String, BTreeSet<Option<usize>>>,
    /// Types the project declares that rules ask about by name (`own_type` patterns: its own
    /// `InitializeResult`), by name.
    own_types: HashMap<String, BTreeSet<Option<usize>>>,
    /// Each TypeScript file's module specifiers, resolved once when the index is merged:
    /// resolving one tries a dozen paths, and barrels are followed for every name they export.
    ts_modules: HashMap<usize, HashMap<String, Option<usize>>>,
    /// The definitions by name (see [`Defs`]).
    defs: Defs,
    /// Names of [`doers`](Self::doers) that are there only as functions that take a protocol
    /// version (see [`ProjectIndex::matters_unread`]).
    version_takers: HashSet<String>,
    /// Names of the definitions that do a removed thing.
    doing: HashSet<String>,
}

/// Where every definition of the project is, by name, by owner and (for a field) by the name
/// a member access writes: the lookups every call and member of a file asks for read the few
/// definitions of that name, not every definition of the project. Each list holds (file,
/// index in the file's definitions) in file and definition order, the order a walk over every
/// file would meet them in.
#[derive(Default)]
struct Defs {
    by_name: HashMap<String, Vec<(usize, usize)>>,
    by_owner: HashMap<String, Vec<(usize, usize)>>,
    fields: HashMap<String, Vec<(usize, usize)>>,
}

impl Defs {
    fn new(files: &[Option<FileIndex>]) -> Defs {
        let mut defs = Defs::default();
        for (i, f) in files.iter().enumerate() {
            if let Some(f) = f {
                defs.add(i, f);
            }
        }
        defs
    }

    /// The keys a definition is listed under.
    fn keys(def: &Def) -> [Option<(&str, u8)>; 3] {
        [
            Some((def.name.as_str(), 0)),
            def.scope.last().map(|o| (o.as_str(), 1)),
            matches!(def.kind, DefKind::Field { .. }).then(|| (field_name(&def.name), 2)),
        ]
    }

    fn list(&mut self, map: u8) -> &mut HashMap<String, Vec<(usize, usize)>> {
        match map {
            0 => &mut self.by_name,
            1 => &mut self.by_owner,
            _ => &mut self.fields,
        }
    }

    fn add(&mut self, file: usize, f: &FileIndex) {
        for (d, def) in f.defs.iter().enumerate() {
            for (key, map) in Self::keys(def).into_iter().flatten() {
                let list = self.list(map).entry(key.to_string()).or_default();
                let at = list.partition_point(|&e| e < (file, d));
                list.insert(at, (file, d));
            }
        }
    }

    fn remove(&mut self, file: usize, f: &FileIndex) {
        for def in &f.defs {
            for (key, map) in Self::keys(def).into_iter().flatten() {
                if let Some(list) = self.list(map).get_mut(key) {
                    list.retain(|&(x, _)| x != file);
                }
            }
        }
    }
}

/// A field's name as a member access writes it: without the `_` or `#` of a private field.
fn field_name(name: &str) -> &str {
    name.trim_start_matches(['#', '_'])
}

impl ProjectIndex {
    /// Merges the files' indexes. `files[i]` is the index of the file at `paths[i]` (`None`
    /// for a file not parsed); `kinds[i]` its ecosystem (`None` for a file of neither).
    pub fn new(
        files: Vec<Option<FileIndex>>,
        paths: Vec<String>,
        kinds: &[Option<ManifestKind>],
        packages: Packages,
        holds_value: &dyn Fn(&str) -> bool,
        holds_token: &dyn Fn(&[u8]) -> bool,
    ) -> ProjectIndex {
        let by_path = paths.iter().enumerate().map(|(i, p)| (p.clone(), i)).collect();
        let package_of: Vec<Option<usize>> =
            paths.iter().zip(kinds).map(|(p, k)| k.and_then(|k| packages.of(p, k))).collect();
        let mut package_mcp: Vec<bool> = packages.list.iter().map(|p| p.mcp_by_manifest).collect();
        for (f, pkg) in files.iter().zip(&package_of) {
            if let (Some(f), Some(p)) = (f, pkg) {
                if f.is_mcp_evidence() {
                    if let Some(slot) = package_mcp.get_mut(*p) {
                        *slot = true;
                    }
                }
            }
        }
        let rust_set: HashSet<&str> = paths.iter().filter(|p| p.ends_with(".rs")).map(String::as_str).collect();
        let mut rust_module = vec![None; paths.len()];
        let mut rust_files = HashMap::default();
        for (i, p) in paths.iter().enumerate() {
            if !p.ends_with(".rs") {
                continue;
            }
            let package_dir = package_of[i].and_then(|k| packages.get(k)).map(|k| k.dir.as_str());
            if let Some(m) = rust_module_of(p, package_dir, &rust_set) {
                rust_files.insert(m.clone(), i);
                rust_module[i] = Some(m);
            }
        }
        let defs = Defs::new(&files);
        let mut index = ProjectIndex {
            files,
            paths,
            by_path,
            packages,
            package_of,
            package_mcp,
            rust_module,
            rust_files,
            meaningful: HashMap::default(),
            scan: HashMap::default(),
            scan_values: HashMap::default(),
            loud: HashSet::default(),
            doers: HashMap::default(),
            own_types: HashMap::default(),
            ts_modules: HashMap::default(),
            defs,
            version_takers: HashSet::default(),
            doing: HashSet::default(),
        };
        index.ts_modules = index.resolve_ts_modules();
        index.meaningful = index.meaningful_names(holds_value);
        index.scan_names(holds_token);
        index.add_aliases(holds_token);
        index.own_types = index.own_types();
        index.refresh_doers();
        index
    }

    /// Every TypeScript import's module (see [`ProjectIndex::ts_modules`]).
    fn resolve_ts_modules(&self) -> HashMap<usize, HashMap<String, Option<usize>>> {
        let mut out: HashMap<usize, HashMap<String, Option<usize>>> = HashMap::default();
        for (i, f) in self.files.iter().enumerate() {
            let Some(f) = f.as_ref().filter(|f| f.lang == Some(crate::tree::Lang::TypeScript)) else { continue };
            for import in &f.imports {
                let specs = out.entry(i).or_default();
                if !specs.contains_key(&import.path) {
                    specs.insert(import.path.clone(), self.find_ts_module(i, &import.path));
                }
            }
        }
        out
    }

    /// Names of constants with a value a rule may care about, defined in MCP code (a file of an
    /// MCP package, or a file with MCP context of its own outside every package), with the
    /// packages that define them.
    fn meaningful_names(&self, holds_value: &dyn Fn(&str) -> bool) -> HashMap<String, BTreeSet<Option<usize>>> {
        let mut out: HashMap<String, BTreeSet<Option<usize>>> = HashMap::default();
        for (i, f) in self.files.iter().enumerate() {
            let Some(f) = f else { continue };
            let pkg = self.package_of[i];
            let mcp = match pkg {
                Some(p) => self.package_mcp.get(p).copied().unwrap_or(false),
                None => f.mcp,
            };
            if !mcp {
                continue;
            }
            for d in &f.defs {
                let keep = match &d.kind {
                    DefKind::Const(Value::Str(s)) => super::meaningful_str(s, holds_value),
                    DefKind::Const(Value::Int(v)) => super::meaningful_int(*v),
                    DefKind::Const(Value::Strs(list)) => list.iter().any(|s| super::meaningful_str(s, holds_value)),
                    _ => false,
                };
                if keep {
                    out.entry(d.name.clone()).or_default().insert(pkg);
                }
            }
        }
        out
    }

    /// The names to scan for, from the meaningful definitions (see [`ProjectIndex::scan`]).
    fn scan_names(&mut self, holds_token: &dyn Fn(&[u8]) -> bool) {
        let mut scan: HashMap<String, BTreeSet<Option<usize>>> = HashMap::default();
        let mut values: HashMap<String, BTreeSet<String>> = HashMap::default();
        let mut loud: HashSet<String> = HashSet::default();
        for (i, f) in self.files.iter().enumerate() {
            let Some(f) = f else { continue };
            let ts = matches!(f.lang, Some(crate::tree::Lang::TypeScript | crate::tree::Lang::Python));
            for d in
                f.defs.iter().filter(|d| self.meaningful.get(&d.name).is_some_and(|p| p.contains(&self.package_of[i])))
            {
                let name = match d.scope.first() {
                    Some(owner) if ts => owner.clone(),
                    _ => d.name.clone(),
                };
                if d.value().is_none_or(|v| value_holds_token(v, holds_token)) {
                    loud.insert(name.clone());
                }
                if let Some(v) = d.value() {
                    values.entry(name.clone()).or_default().extend(strings_of(v));
                }
                scan.entry(name).or_default().insert(self.package_of[i]);
            }
        }
        self.scan = scan;
        self.scan_values = values;
        self.loud = loud;
    }

    /// Adds the names that meaningful constants are imported or re-exported under
    /// (`use crate::commands::PING as P`, `pub use commands::SESSION_HEADER as HEADER`,
    /// `export { X as Y } from`), so that the scanner finds the files that use those names.
    fn add_aliases(&mut self, holds_token: &dyn Fn(&[u8]) -> bool) {
        // Twice: an alias of an alias.
        for _ in 0..2 {
            let mut found: Vec<(String, Option<usize>, Value)> = Vec::new();
            for (i, f) in self.files.iter().enumerate() {
                let Some(f) = f else { continue };
                for import in
                    f.imports.iter().filter(|im| im.local != im.exported && im.local != "*" && im.exported != "*")
                {
                    if self.meaningful.contains_key(&import.local) || !self.meaningful.contains_key(&import.exported) {
                        continue;
                    }
                    let resolved = match f.lang {
                        Some(crate::tree::Lang::Rust) => self.rust_path(i, &import.scope, &[import.local.as_str()]),
                        _ => self.ts_imported(i, &import.local).or_else(|| self.ts_export(i, &import.local, 0)),
                    };
                    if let Some(value) = resolved.and_then(|m| m.def.value()) {
                        found.push((import.local.clone(), self.package_of[i], value.clone()));
                    }
                }
            }
            if found.is_empty() {
                break;
            }
            for (name, pkg, value) in found {
                if value_holds_token(&value, holds_token) {
                    self.loud.insert(name.clone());
                }
                self.scan_values.entry(name.clone()).or_default().extend(strings_of(&value));
                self.scan.entry(name.clone()).or_default().insert(pkg);
                self.meaningful.entry(name).or_default().insert(pkg);
            }
        }
    }

    /// The types of MCP code that `own_type` patterns name, with the packages that declare them.
    fn own_types(&self) -> HashMap<String, BTreeSet<Option<usize>>> {
        let wanted: BTreeSet<&str> = crate::rules::registry()
            .map(|r| {
                r.rules
                    .iter()
                    .flat_map(|d| &d.meta.patterns)
                    .filter(|p| p.own_type)
                    .flat_map(|p| p.names.iter().map(String::as_str))
                    .collect()
            })
            .unwrap_or_default();
        let mut out: HashMap<String, BTreeSet<Option<usize>>> = HashMap::default();
        for (i, f) in self.files.iter().enumerate() {
            let Some(f) = f else { continue };
            let pkg = self.package_of[i];
            let mcp = pkg.and_then(|p| self.package_mcp.get(p).copied()).unwrap_or(f.mcp);
            for d in f.defs.iter().filter(|d| d.kind == DefKind::Type && mcp && wanted.contains(d.name.as_str())) {
                out.entry(d.name.clone()).or_default().insert(pkg);
            }
        }
        out
    }

    /// Whether the project declares a type `name` (of those `own_type` patterns ask about) that
    /// `file` can see.
    pub fn declares_type(&self, file: usize, name: &str) -> bool {
        self.own_types.get(name).is_some_and(|pkgs| self.sees_any(file, pkgs))
    }

    /// The names of those types.
    pub fn own_type_names(&self) -> impl Iterator<Item = &str> {
        self.own_types.keys().map(String::as_str)
    }

    fn sees_any(&self, file: usize, defined_in: &BTreeSet<Option<usize>>) -> bool {
        let from = self.package_of(file);
        defined_in.iter().any(|to| match (from, to) {
            (Some(f), Some(t)) => self.packages.sees(f, *t),
            (None, None) => true,
            _ => false,
        })
    }

    /// Collects the functions that do a removed thing for their callers, and returns the names
    /// not known before.
    pub fn refresh_doers(&mut self) -> Vec<String> {
        let mut doers: HashMap<String, BTreeSet<Option<usize>>> = HashMap::default();
        for (i, f) in self.files.iter().enumerate() {
            // A function that takes a protocol version is looked for too: what its callers pass
            // there is one (see `calls::protocol_arguments`).
            for d in f
                .iter()
                .flat_map(|f| &f.defs)
                .filter(|d| d.does.is_some() || matches!(d.kind, DefKind::Fn { protocol_param: Some(_), .. }))
            {
                doers.entry(d.name.clone()).or_default().insert(self.package_of[i]);
            }
        }
        // The fields that hold a store are names to look for too.
        let stores: BTreeSet<String> = self
            .files
            .iter()
            .flatten()
            .flat_map(|f| &f.defs)
            .filter(|d| d.kind == DefKind::Type && d.does.is_some())
            .map(|d| d.name.clone())
            .collect();
        for (i, f) in self.files.iter().enumerate() {
            for d in f.iter().flat_map(|f| &f.defs) {
                if let DefKind::Field { types } = &d.kind {
                    if types.iter().any(|t| stores.contains(t)) {
                        doers.entry(d.name.clone()).or_default().insert(self.package_of[i]);
                    }
                }
            }
        }
        // The names looked for only as functions that take a protocol version.
        let doing: HashSet<&str> = self
            .files
            .iter()
            .flatten()
            .flat_map(|f| &f.defs)
            .filter(|d| d.does.is_some())
            .map(|d| d.name.as_str())
            .chain(self.files.iter().flatten().flat_map(|f| &f.defs).filter_map(|d| match &d.kind {
                DefKind::Field { types } if types.iter().any(|t| stores.contains(t)) => Some(d.name.as_str()),
                _ => None,
            }))
            .collect();
        self.version_takers = doers.keys().filter(|n| !doing.contains(n.as_str())).cloned().collect();
        let was_doing = std::mem::replace(
            &mut self.doing,
            self.files
                .iter()
                .flatten()
                .flat_map(|f| &f.defs)
                .filter(|d| d.does.is_some())
                .map(|d| d.name.clone())
                .collect(),
        );
        // New: a name not looked for before, or looked for before only as a function that takes
        // a protocol version and now found to do a removed thing.
        let mut new: Vec<String> = doers
            .keys()
            .filter(|n| !self.doers.contains_key(*n) || (self.doing.contains(*n) && !was_doing.contains(*n)))
            .cloned()
            .collect();
        new.sort();
        self.doers = doers;
        new
    }

    /// Whether a scanned name is looked for only as a function that takes a protocol version:
    /// what a call passes there matters when it is a legacy revision, which is a token. So such
    /// a name makes no body left unread (it holds no token) read, and no file that holds no
    /// legacy revision read again.
    pub fn is_version_taker(&self, name: &str) -> bool {
        self.version_takers.contains(name) && !self.scan.contains_key(name) && !self.own_types.contains_key(name)
    }

    /// Whether a scanned name found at `at` in `bytes`, inside a function body the Rust front
    /// end left unread because it holds no token, may matter there, so that the body must be
    /// read.
    ///
    /// A constant stands for its value: it matters where its value, written in its place,
    /// would have had the body read. A function that does a removed thing matters where it is
    /// called (`calls_to_doers` reads calls), a field that holds a store where it is accessed,
    /// a store type or a type rules ask about wherever it is named; a function looked for only
    /// because it takes a protocol version nowhere (see [`ProjectIndex::is_version_taker`]).
    pub fn matters_unread(&self, name: &str, bytes: &[u8], at: usize) -> bool {
        if self.is_version_taker(name) {
            return false;
        }
        if self.own_types.contains_key(name) || self.loud.contains(name) {
            return true;
        }
        if !self.doers.contains_key(name) {
            return false;
        }
        let member = bytes.get(..at).is_some_and(|b| b.ends_with(b"."));
        self.declares_store(name) || (member && !self.field_holds(name).is_empty()) || called_at(bytes, at + name.len())
    }

    /// The store types (types that do a removed thing, see `calls::mark_stores`) a field of
    /// this name holds somewhere in the project.
    pub fn field_holds(&self, field: &str) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for (_, d) in self.listed(&self.defs.fields, field_name(field)) {
            if let DefKind::Field { types } = &d.kind {
                out.extend(types.iter().map(String::as_str).filter(|t| self.is_doer(t)));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether a store type of this name (see `calls::mark_stores`) is declared.
    pub fn declares_store(&self, name: &str) -> bool {
        self.listed(&self.defs.by_name, name).any(|(_, d)| d.kind == DefKind::Type && d.does.is_some())
    }

    /// The methods of the store types of this name that work one of their entries (see
    /// [`super::Doing::methods`]).
    pub fn entry_methods_of(&self, store: &str) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .listed(&self.defs.by_name, store)
            .filter(|(_, d)| d.kind == DefKind::Type)
            .filter_map(|(_, d)| d.does.as_ref())
            .flat_map(|does| does.methods.iter().map(String::as_str))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The store type of this name that `file` can see.
    pub fn store_named(&self, file: usize, name: &str) -> Option<Meaning<'_>> {
        let from = self.package_of(file);
        // The first store of that name in each file, the first of those the file can see.
        let mut last_file = None;
        for (f, def) in self.listed(&self.defs.by_name, name) {
            if last_file == Some(f) || def.kind != DefKind::Type || def.does.is_none() {
                continue;
            }
            last_file = Some(f);
            let visible = match (from, self.package_of(f)) {
                (Some(a), Some(b)) => self.packages.sees(a, b),
                (None, None) => true,
                _ => false,
            };
            if visible {
                return Some(Meaning { def, path: self.path(f), file: f });
            }
        }
        None
    }

    /// The names of the methods the project defines for a type (in its impls or class).
    pub fn methods_of(&self, owner: &str) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .listed(&self.defs.by_owner, owner)
            .filter(|(_, d)| matches!(d.kind, DefKind::Fn { .. }))
            .map(|(_, d)| d.name.as_str())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether some function of the project named `name` does a removed thing.
    pub fn is_doer(&self, name: &str) -> bool {
        self.doers.contains_key(name)
    }

    /// The names of such functions.
    pub fn doers(&self) -> impl Iterator<Item = &str> {
        self.doers.keys().map(String::as_str)
    }

    /// The function a call of `name` reaches when it does a removed thing: every function of
    /// that name and arity the file can call does the same (`cfg` variants of one wrapper).
    pub fn doer_named(&self, file: usize, owner: Option<&str>, name: &str, args: Option<usize>) -> Option<Meaning<'_>> {
        if !self.doing.contains(name) {
            return None;
        }
        let all = self.functions_of(file, owner, name, args);
        let first = *all.first()?;
        let rule = first.def.does.as_ref()?.rule.as_str();
        all.iter().all(|m| m.def.does.as_ref().is_some_and(|d| d.rule == rule)).then_some(first)
    }

    pub fn file(&self, i: usize) -> Option<&FileIndex> {
        self.files.get(i).and_then(Option::as_ref)
    }

    pub fn path(&self, i: usize) -> &str {
        self.paths.get(i).map_or("", String::as_str)
    }

    pub fn file_id(&self, path: &str) -> Option<usize> {
        self.by_path.get(path).copied()
    }

    /// Replaces one file's index (a file analyzed again in a later round).
    pub fn set_file(&mut self, i: usize, f: FileIndex) {
        if let Some(slot) = self.files.get_mut(i) {
            if let Some(old) = slot.as_ref() {
                self.defs.remove(i, old);
            }
            self.defs.add(i, &f);
            *slot = Some(f);
        }
    }

    /// Sets what one file's definitions do (a file analyzed again whose tree, and so its
    /// index, is the one indexed before).
    pub fn set_marks(&mut self, i: usize, marks: &super::Marks) {
        if let Some(Some(f)) = self.files.get_mut(i) {
            marks.apply(&mut f.defs);
        }
    }

    /// The definitions listed under `key` in one of [`Defs`]'s maps, in file order.
    fn listed<'a>(
        &'a self,
        map: &'a HashMap<String, Vec<(usize, usize)>>,
        key: &str,
    ) -> impl Iterator<Item = (usize, &'a Def)> + 'a {
        map.get(key).into_iter().flatten().filter_map(|&(f, d)| Some((f, self.files.get(f)?.as_ref()?.defs.get(d)?)))
    }

    pub fn package_of(&self, file: usize) -> Option<usize> {
        self.package_of.get(file).copied().flatten()
    }

    /// Whether a file's package is MCP code.
    pub fn package_is_mcp(&self, file: usize) -> bool {
        self.package_of(file).and_then(|p| self.package_mcp.get(p)).copied().unwrap_or(false)
    }

    /// Whether a file's package is MCP code only by what its files show (not its manifest).
    pub fn package_mcp_by_code(&self, file: usize) -> bool {
        self.package_of(file).is_some_and(|p| {
            self.package_mcp.get(p).copied().unwrap_or(false) && !self.packages.list[p].mcp_by_manifest
        })
    }

    /// The meaningful names, for the scanner.
    pub fn meaningful(&self) -> impl Iterator<Item = &str> {
        self.meaningful.keys().map(String::as_str)
    }

    /// Each name to scan for with the string values it may stand for, sorted.
    pub fn meaningful_values(&self) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = self
            .scan
            .keys()
            .map(|n| (n.clone(), self.scan_values.get(n).map(|v| v.iter().cloned().collect()).unwrap_or_default()))
            .collect();
        out.sort();
        out
    }

    /// Whether some meaningful name is visible from a file's package.
    pub fn sees_meaningful(&self, file: usize) -> bool {
        let from = self.package_of(file);
        self.scan.values().chain(self.doers.values()).chain(self.own_types.values()).flatten().any(|to| {
            match (from, to) {
                (Some(f), Some(t)) => self.packages.sees(f, *t),
                (None, None) => true,
                _ => false,
            }
        })
    }

    pub fn is_meaningful(&self, name: &str) -> bool {
        self.meaningful.contains_key(name)
    }

    /// Whether a file may use the meaningful name `name`: it is defined in the file's package,
    /// in a package the file's package depends on, or (for a file outside every package) in
    /// another such file.
    pub fn visible(&self, file: usize, name: &str) -> bool {
        [&self.scan, &self.doers, &self.own_types]
            .iter()
            .any(|map| map.get(name).is_some_and(|defined_in| self.sees_any(file, defined_in)))
    }

    /// Of the occurrences of scanned names in a file, those that may lead to a definition of
    /// another place: the name is imported by the file (or comes through a glob or namespace
    /// import), written at the end of a path (`crate::commands::INIT`, `METHODS.PING`), or is
    /// the file's own definition used again in it. A name that merely has the same spelling as
    /// a local or another package's is read no further. A file the first pass did not index
    /// keeps every occurrence.
    pub fn may_use<'n>(&self, file: usize, bytes: &[u8], found: Vec<(&'n str, usize)>) -> Vec<(&'n str, usize)> {
        let Some(f) = self.file(file) else { return found };
        let globs = f.imports.iter().any(|i| i.local == "*" || i.exported == "*");
        let after_path = |at: usize| {
            let before = bytes.get(..at).unwrap_or_default();
            before.ends_with(b"::") || before.ends_with(b".")
        };
        // Whether every occurrence of a name may lead elsewhere, decided once per name.
        let mut by_name: HashMap<&str, bool> = HashMap::default();
        for (name, _) in &found {
            if by_name.contains_key(name) {
                continue;
            }
            let own = f.defs.iter().any(|d| d.name == *name);
            let count = found.iter().filter(|(n, _)| n == name).count();
            let any = f.imports.iter().any(|i| i.local == *name || i.exported == *name)
                || (globs && !own)
                || (own && count > 1);
            by_name.insert(name, any);
        }
        found.into_iter().filter(|(name, at)| by_name.get(name).copied().unwrap_or(false) || after_path(*at)).collect()
    }

    // -- Rust ---------------------------------------------------------------------------------

    /// What a Rust path means in `file`, written inside the inline modules `scope`: `INIT`,
    /// `crate::commands::INIT`, `super::SUPPORTED_VERSIONS`, `ErrorCode::NOT_FOUND`,
    /// `neva::commands::PING` (a workspace crate).
    pub fn rust_path(&self, file: usize, scope: &[String], segs: &[&str]) -> Option<Meaning<'_>> {
        let (root, module) = self.rust_module.get(file)?.clone()?;
        let mut here = module;
        here.extend(scope.iter().cloned());
        self.rust_in(&(root, here), segs, 0)
    }

    fn rust_in(&self, at: &RustModule, segs: &[&str], depth: usize) -> Option<Meaning<'_>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let (first, rest) = segs.split_first()?;
        match *first {
            "crate" => return self.rust_walk(&(at.0.clone(), Vec::new()), rest, depth),
            "self" => return self.rust_walk(at, rest, depth),
            "super" => {
                let mut up = at.1.clone();
                up.pop()?;
                return self.rust_in_or_walk(&(at.0.clone(), up), rest, depth);
            }
            _ => {}
        }
        if rest.is_empty() {
            return self.rust_name(at, first, depth);
        }
        // `types::X` where `types` is imported here, a child module, a type, or a crate.
        if let Some(target) = self.rust_import(at, first) {
            let mut path: Vec<&str> = target.split("::").collect();
            if path.last() == Some(&"self") {
                path.pop();
            }
            path.extend_from_slice(rest);
            return self.rust_in(&self.import_base(at), &path, depth + 1);
        }
        let mut child = at.1.clone();
        child.push(first.to_string());
        if self.rust_module_exists(&(at.0.clone(), child.clone())) {
            return self.rust_walk(&(at.0.clone(), child), rest, depth);
        }
        if let Some(m) = self.rust_owner_member(at, first, rest, depth) {
            return Some(m);
        }
        if let Some(root) = self.packages.crate_named(first).and_then(|pkg| self.crate_root(pkg)) {
            return self.rust_walk(&(root, Vec::new()), rest, depth);
        }
        // `handlers::dispatch(…)` where `handlers` comes in through a glob import (`use
        // neva::prelude::*;` of a prelude that re-exports the module).
        let (file, scope) = self.rust_file_of(at)?;
        let f = self.file(file)?;
        for glob in f.imports.iter().filter(|i| i.scope == scope && i.local == "*") {
            let mut path: Vec<&str> = glob.path.split("::").collect();
            path.pop();
            path.push(first);
            path.extend_from_slice(rest);
            if let Some(m) = self.rust_in(&self.import_base(at), &path, depth + 1) {
                return Some(m);
            }
        }
        None
    }

    /// After `super`: more `super`s, or a walk down from there.
    fn rust_in_or_walk(&self, at: &RustModule, rest: &[&str], depth: usize) -> Option<Meaning<'_>> {
        if rest.first() == Some(&"super") {
            return self.rust_in(at, rest, depth);
        }
        self.rust_walk(at, rest, depth)
    }

    /// Walks down module segments from `at`; the last segments name the item (and its owner).
    fn rust_walk(&self, at: &RustModule, segs: &[&str], depth: usize) -> Option<Meaning<'_>> {
        let mut module = at.1.clone();
        let mut i = 0;
        while i + 1 < segs.len() {
            let mut next = module.clone();
            next.push(segs[i].to_string());
            if !self.rust_module_exists(&(at.0.clone(), next.clone())) {
                // A module re-exported under this name (`pub use http::core::handlers;`): the
                // rest of the path is read from where it points.
                let here = (at.0.clone(), module.clone());
                if let Some(target) = self.rust_import(&here, segs[i]) {
                    let mut path: Vec<&str> = target.split("::").collect();
                    if path.last() == Some(&"self") {
                        path.pop();
                    }
                    path.extend_from_slice(&segs[i + 1..]);
                    if let Some(m) = self.rust_in(&self.import_base(&here), &path, depth + 1) {
                        return Some(m);
                    }
                }
                break;
            }
            module = next;
            i += 1;
        }
        let at = (at.0.clone(), module);
        match &segs[i..] {
            [name] => self.rust_name(&at, name, depth),
            [owner, rest @ ..] => self.rust_owner_member(&at, owner, rest, depth),
            [] => None,
        }
    }

    /// `Owner::NAME` seen from module `at`: a constant of an enum, impl or trait named `owner`
    /// defined or imported there; its impls may live in any file of the crate.
    fn rust_owner_member(&self, at: &RustModule, owner: &str, rest: &[&str], depth: usize) -> Option<Meaning<'_>> {
        let [name] = rest else { return None };
        let owner_def = self.rust_name(at, owner, depth)?;
        if owner_def.def.kind != DefKind::Type {
            return None;
        }
        let mut scope = owner_def.def.scope.clone();
        scope.push(owner.to_string());
        if let Some(m) = self.def_in(owner_def.file, &scope, name) {
            return Some(m);
        }
        // `impl ErrorCode { const X }` in another file of the same crate.
        let root = self.rust_module.get(owner_def.file)?.as_ref()?.0.clone();
        let owner_name = owner_def.def.name.as_str();
        self.listed(&self.defs.by_name, name)
            .find(|(f, d)| {
                d.scope.last().is_some_and(|o| o == owner_name)
                    && self.rust_module.get(*f).and_then(Option::as_ref).is_some_and(|(r, _)| *r == root)
            })
            .map(|(f, def)| Meaning { def, path: self.path(f), file: f })
    }

    /// A name in a module: defined there, imported or re-exported there, or reached through one
    /// of its glob imports.
    fn rust_name(&self, at: &RustModule, name: &str, depth: usize) -> Option<Meaning<'_>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let (file, scope) = self.rust_file_of(at)?;
        if let Some(m) = self.def_in(file, &scope, name) {
            return Some(m);
        }
        let f = self.file(file)?;
        if let Some(import) = f.imports.iter().find(|i| i.scope == scope && i.local == name && i.local != "*") {
            let path: Vec<&str> = import.path.split("::").collect();
            return self.rust_in(&self.import_base(at), &path, depth + 1);
        }
        for glob in f.imports.iter().filter(|i| i.scope == scope && i.local == "*") {
            let mut path: Vec<&str> = glob.path.split("::").collect();
            path.pop();
            path.push(name);
            if let Some(m) = self.rust_in(&self.import_base(at), &path, depth + 1) {
                return Some(m);
            }
        }
        None
    }

    /// Where a `use` path in module `at` starts from (Rust 2018: the module itself).
    fn import_base(&self, at: &RustModule) -> RustModule {
        at.clone()
    }

    /// The path a name is imported under in module `at`, if it is.
    fn rust_import(&self, at: &RustModule, name: &str) -> Option<&str> {
        let (file, scope) = self.rust_file_of(at)?;
        let f = self.file(file)?;
        f.imports.iter().find(|i| i.scope == scope && i.local == name && i.local != "*").map(|i| i.path.as_str())
    }

    /// The file that holds module `at`, and the inline modules within it.
    fn rust_file_of(&self, at: &RustModule) -> Option<(usize, Vec<String>)> {
        let (root, segs) = at;
        for cut in (0..=segs.len()).rev() {
            if let Some(&file) = self.rust_files.get(&(root.clone(), segs[..cut].to_vec())) {
                let inline = segs[cut..].to_vec();
                if inline.is_empty() || self.file(file).is_some_and(|f| f.modules.contains(&inline)) {
                    return Some((file, inline));
                }
                return None;
            }
        }
        None
    }

    fn rust_module_exists(&self, at: &RustModule) -> bool {
        self.rust_file_of(at).is_some()
    }

    /// The directory of a Cargo package's library crate root.
    fn crate_root(&self, pkg: usize) -> Option<String> {
        let dir = &self.packages.get(pkg)?.dir;
        let src = if dir.is_empty() { "src".to_string() } else { format!("{dir}/src") };
        self.rust_files.contains_key(&(src.clone(), Vec::new())).then_some(src)
    }

    /// A definition of `file` at `scope` named `name`.
    fn def_in(&self, file: usize, scope: &[String], name: &str) -> Option<Meaning<'_>> {
        let f = self.file(file)?;
        let def = f.defs.iter().find(|d| d.name == name && d.scope == scope)?;
        Some(Meaning { def, path: self.path(file), file })
    }

    /// The functions named `name` that `file` can call: methods of `owner` (an impl or class)
    /// when given, otherwise any function of that name (with `args` parameters, when known),
    /// in the same Rust crate or TypeScript package, or in a package of the project that the
    /// file's package depends on. Several come back when the code defines one name more than
    /// once (under different `cfg`s, in different classes): the caller decides.
    pub fn functions_of(&self, file: usize, owner: Option<&str>, name: &str, args: Option<usize>) -> Vec<Meaning<'_>> {
        let rust_root = self.rust_module.get(file).and_then(Option::as_ref).map(|(r, _)| r.clone());
        let package = self.package_of(file);
        let mut found = Vec::new();
        for (f, def) in self.listed(&self.defs.by_name, name) {
            let same_crate = match &rust_root {
                Some(root) => self.rust_module.get(f).and_then(Option::as_ref).is_some_and(|(r, _)| r == root),
                // Files outside every package see each other, as their names do (`visible`).
                None => f == file || self.package_of(f) == package,
            };
            let dependency = match (package, self.package_of(f)) {
                (Some(from), Some(to)) => from != to && self.packages.sees(from, to),
                _ => false,
            };
            if !same_crate && !dependency {
                continue;
            }
            let DefKind::Fn { params, required, .. } = def.kind else { continue };
            if args.is_some_and(|a| a < required || a > params) {
                continue;
            }
            if owner.is_some_and(|o| def.scope.last().map(String::as_str) != Some(o)) {
                continue;
            }
            found.push(Meaning { def, path: self.path(f), file: f });
        }
        // The file's own function of that name is the one it calls, as a reader takes it.
        if found.iter().any(|m| m.file == file) {
            found.retain(|m| m.file == file);
        }
        found
    }

    /// The one function [`functions_of`](Self::functions_of) finds, if it finds exactly one.
    pub fn function_of(
        &self,
        file: usize,
        owner: Option<&str>,
        name: &str,
        args: Option<usize>,
    ) -> Option<Meaning<'_>> {
        let mut all = self.functions_of(file, owner, name, args);
        (all.len() == 1).then(|| all.pop()).flatten()
    }

    /// What a type name means in `file` (a Rust path through its imports, or a TypeScript
    /// name through its imports).
    pub fn rust_or_ts_name(&self, file: usize, node: crate::tree::NodeRef<'_>) -> Option<Meaning<'_>> {
        match self.file(file).and_then(|f| f.lang) {
            Some(crate::tree::Lang::Rust) => self.rust_path(file, &[], &[node.text()]),
            _ => self.ts_export(file, node.text(), 0).or_else(|| self.ts_imported(file, node.text())),
        }
    }

    // -- TypeScript ---------------------------------------------------------------------------

    /// What a name imported by `file` means (`import { onPing } from './handlers.js'`).
    pub fn ts_imported(&self, file: usize, local: &str) -> Option<Meaning<'_>> {
        let f = self.file(file)?;
        let import = f.imports.iter().find(|i| i.local == local && !i.reexport && i.exported != "*")?;
        let target = self.ts_module(file, &import.path)?;
        self.ts_export(target, &import.exported, 0)
    }

    /// What `exported` means as an export of module `file`: its own top-level definition, or a
    /// name it re-exports (`export { X } from`, `export * from`).
    pub fn ts_export(&self, file: usize, exported: &str, depth: usize) -> Option<Meaning<'_>> {
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(m) = self.def_in(file, &[], exported) {
            return Some(m);
        }
        let f = self.file(file)?;
        // A Python module has no export list: every name it imports is an attribute of it
        // (`__init__.py` re-exports `from .constants import SESSION_HEADER` this way).
        let python = f.lang == Some(crate::tree::Lang::Python);
        for i in f.imports.iter().filter(|i| (i.reexport || python) && i.local == exported && i.exported != "*") {
            let Some(target) = self.ts_module(file, &i.path) else { continue };
            if let Some(m) = self.ts_export(target, &i.exported, depth + 1) {
                return Some(m);
            }
        }
        for i in f.imports.iter().filter(|i| (i.reexport || python) && i.local == "*" && i.exported == "*") {
            let Some(target) = self.ts_module(file, &i.path) else { continue };
            if let Some(m) = self.ts_export(target, exported, depth + 1) {
                return Some(m);
            }
        }
        // A name imported and exported again further down (`import { X } from …; export { X }`)
        // is not followed: `export { … }` without a source is not recorded.
        None
    }

    /// A member of a definition: `Headers.Session` (an enum member), `METHODS.tools.list` (a
    /// property of a constant object), `ErrorCode.NotFound`.
    pub fn member_of(&self, owner: Meaning<'_>, path: &[&str]) -> Option<Meaning<'_>> {
        let mut scope = owner.def.scope.clone();
        scope.push(owner.def.name.clone());
        let (name, middle) = path.split_last()?;
        scope.extend(middle.iter().map(|s| s.to_string()));
        self.def_in(owner.file, &scope, name)
    }

    /// The file a module specifier names, seen from `file`: a relative path (with or without
    /// its extension, `.js` for `.ts`, a directory's `index`), or a workspace package by name.
    pub fn ts_module(&self, file: usize, spec: &str) -> Option<usize> {
        match self.ts_modules.get(&file).and_then(|specs| specs.get(spec)) {
            Some(resolved) => *resolved,
            None => self.find_ts_module(file, spec),
        }
    }

    fn find_ts_module(&self, file: usize, spec: &str) -> Option<usize> {
        if self.file(file).and_then(|f| f.lang) == Some(crate::tree::Lang::Python) {
            return self.py_module(file, spec);
        }
        let from = self.paths.get(file)?;
        let base = if spec.starts_with('.') {
            let dir = from.rsplit_once('/').map_or("", |(d, _)| d);
            normalize(&format!("{dir}/{spec}"))?
        } else {
            let (pkg, sub) = self.ts_package(spec)?;
            let dir = &self.packages.get(pkg)?.dir;
            if sub.is_empty() {
                return ["src/index", "index", "lib/index", "src/main"]
                    .iter()
                    .find_map(|entry| self.ts_candidate(&join(dir, entry)));
            }
            normalize(&join(dir, sub))?
        };
        self.ts_candidate(&base)
    }

    /// The file a Python module name names, seen from `file`: relative (`.constants`,
    /// `..util.headers`) from the importing file's package; absolute (`pkg.constants`) from
    /// the importing file's folder or any folder above it, or its `src/` (the src layout). A
    /// module is `name.py` (or a `.pyi` stub) or a package's `name/__init__.py`.
    fn py_module(&self, file: usize, spec: &str) -> Option<usize> {
        let from = self.paths.get(file)?;
        let dir = from.rsplit_once('/').map_or("", |(d, _)| d);
        let dots = spec.bytes().take_while(|b| *b == b'.').count();
        let rest = spec.get(dots..).unwrap_or("").replace('.', "/");
        if dots > 0 {
            let up = "../".repeat(dots - 1);
            let base = normalize(&format!("{dir}/{up}{rest}"))?;
            return self.py_candidate(&base);
        }
        let mut cur = Some(dir.to_string());
        while let Some(d) = cur {
            for root in [d.clone(), join(&d, "src")] {
                if let Some(f) = self.py_candidate(&join(&root, &rest)) {
                    return Some(f);
                }
            }
            cur = (!d.is_empty()).then(|| d.rsplit_once('/').map_or(String::new(), |(p, _)| p.to_string()));
        }
        None
    }

    fn py_candidate(&self, base: &str) -> Option<usize> {
        if base.is_empty() {
            return self.by_path.get("__init__.py").copied();
        }
        [".py", ".pyi", "/__init__.py", "/__init__.pyi"]
            .iter()
            .find_map(|e| self.by_path.get(&format!("{base}{e}")).copied())
    }

    /// The workspace npm package a bare specifier names, and the rest of the specifier.
    fn ts_package<'s>(&self, spec: &'s str) -> Option<(usize, &'s str)> {
        self.packages.list.iter().enumerate().find_map(|(i, p)| {
            if p.kind != ManifestKind::Npm || p.name.is_empty() {
                return None;
            }
            let rest = spec.strip_prefix(p.name.as_str())?;
            if rest.is_empty() {
                Some((i, ""))
            } else {
                rest.strip_prefix('/').map(|sub| (i, sub))
            }
        })
    }

    fn ts_candidate(&self, base: &str) -> Option<usize> {
        const EXTENSIONS: [&str; 9] = [".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
        if let Some(&f) = self.by_path.get(base) {
            return Some(f);
        }
        // `./x.js` written for `./x.ts`.
        let stem = [".js", ".jsx", ".mjs", ".cjs"].iter().find_map(|e| base.strip_suffix(e)).unwrap_or(base);
        EXTENSIONS
            .iter()
            .map(|e| format!("{stem}{e}"))
            .chain(EXTENSIONS.iter().map(|e| format!("{base}/index{e}")))
            .find_map(|p| self.by_path.get(&p).copied())
    }
}

fn join(dir: &str, rest: &str) -> String {
    if dir.is_empty() {
        rest.to_string()
    } else {
        format!("{dir}/{rest}")
    }
}

/// Whether a constant's value, written out, holds a token (a number as its decimal digits).
fn value_holds_token(value: &Value, holds_token: &dyn Fn(&[u8]) -> bool) -> bool {
    match value {
        Value::Int(n) => holds_token(n.to_string().as_bytes()),
        other => strings_of(other).iter().any(|s| holds_token(s.as_bytes())),
    }
}

/// Whether the name that ends at `end` is called: `(` follows, after a turbofish if any.
fn called_at(bytes: &[u8], end: usize) -> bool {
    let rest = bytes.get(end..).unwrap_or_default().trim_ascii_start();
    let rest = match rest.strip_prefix(b"::") {
        Some(after) => {
            let after = after.trim_ascii_start();
            if after.first() != Some(&b'<') {
                return false;
            }
            // The turbofish's closing `>`, nested generics counted.
            let mut depth = 0usize;
            let mut close = None;
            for (i, b) in after.iter().enumerate() {
                match b {
                    b'<' => depth += 1,
                    // The arrow of a function type is no bracket.
                    b'>' if i > 0 && after.get(i - 1) == Some(&b'-') => {}
                    b'>' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            close = Some(i);
                            break;
                        }
                    }
                    b';' | b'{' | b'}' => return false,
                    _ => {}
                }
            }
            match close {
                Some(i) => after.get(i + 1..).unwrap_or_default().trim_ascii_start(),
                None => return false,
            }
        }
        None => rest,
    };
    rest.first() == Some(&b'(')
}

/// The strings a value holds.
fn strings_of(value: &Value) -> Vec<String> {
    match value {
        Value::Str(s) => vec![s.clone()],
        Value::Strs(list) => list.clone(),
        Value::Int(_) => Vec::new(),
    }
}

/// `a/./b/../c` → `a/c`; `None` when it climbs above the root.
fn normalize(path: &str) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop()?;
            }
            p => out.push(p),
        }
    }
    Some(out.join("/"))
}

/// The crate root directory and module path of a Rust file. A crate root is a `lib.rs` or
/// `main.rs`, or a file directly in a package's `tests/`, `examples/` or `benches/`; every other
/// file is a module of the nearest crate root above it (`src/a/b.rs` and `src/a/b/mod.rs` are
/// `a::b`).
fn rust_module_of(path: &str, package_dir: Option<&str>, files: &HashSet<&str>) -> Option<RustModule> {
    let (dir, file) = path.rsplit_once('/').unwrap_or(("", path));
    let stem = file.strip_suffix(".rs")?;
    let standalone = |d: &str| {
        let last = d.rsplit('/').next().unwrap_or(d);
        matches!(last, "tests" | "examples" | "benches") && package_dir.is_none_or(|p| d == join(p, last))
    };
    if stem == "lib" || stem == "main" || standalone(dir) {
        return Some((dir.to_string(), Vec::new()));
    }
    let has_root = |d: &str| files.contains(join(d, "lib.rs").as_str()) || files.contains(join(d, "main.rs").as_str());
    // The module path, innermost first, while climbing to the nearest crate root.
    let mut segs: Vec<&str> = if stem == "mod" { Vec::new() } else { vec![stem] };
    let mut cur = dir;
    loop {
        if has_root(cur) || standalone(cur) {
            return Some((cur.to_string(), segs.iter().rev().map(|s| s.to_string()).collect()));
        }
        // A file of no crate (a loose file, a fixture) is a crate of its own.
        if cur.is_empty() && package_dir.is_none() {
            return Some((path.to_string(), Vec::new()));
        }
        if cur.is_empty() || package_dir == Some(cur) {
            return None;
        }
        let (up, name) = cur.rsplit_once('/').unwrap_or(("", cur));
        segs.push(name);
        cur = up;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_modules_follow_the_file_layout() {
        let files: HashSet<&str> =
            ["p/src/lib.rs", "p/src/a.rs", "p/src/a/b.rs", "p/src/c/mod.rs", "p/tests/t.rs", "p/tests/common/mod.rs"]
                .into_iter()
                .collect();
        let m = |p: &str| rust_module_of(p, Some("p"), &files);
        assert_eq!(m("p/src/lib.rs"), Some(("p/src".to_string(), vec![])));
        assert_eq!(m("p/src/a.rs"), Some(("p/src".to_string(), vec!["a".to_string()])));
        assert_eq!(m("p/src/a/b.rs"), Some(("p/src".to_string(), vec!["a".to_string(), "b".to_string()])));
        assert_eq!(m("p/src/c/mod.rs"), Some(("p/src".to_string(), vec!["c".to_string()])));
        assert_eq!(m("p/tests/t.rs"), Some(("p/tests".to_string(), vec![])));
        assert_eq!(m("p/tests/common/mod.rs"), Some(("p/tests".to_string(), vec!["common".to_string()])));
    }

    #[test]
    fn paths_normalize() {
        assert_eq!(normalize("src/a/../b/./c").as_deref(), Some("src/b/c"));
        assert_eq!(normalize("../x"), None);
    }
}
