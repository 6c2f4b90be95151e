//! What a name means in one file: the one place rules learn that `SESSION_HEADER`,
//! `crate::commands::INIT` or `Headers.Session` stands for a string.
//!
//! A name is resolved the way the compiler would: a local binding that shadows it wins, then
//! the file's own module-level definitions, then its imports (through `use` paths, re-exports,
//! globs, relative modules and workspace packages). A name the index does not lead to a
//! definition stays what it is, whatever its spelling.

use super::project::{Meaning, ProjectIndex};
use super::Value;
use crate::source::SourceFile;
use crate::tree::{flags, Kind, Lang, NodeRef, Origin, Tree};

/// The resolver of one file.
pub struct Resolver<'a> {
    index: &'a ProjectIndex,
    file: usize,
}

impl<'a> Resolver<'a> {
    pub fn new(index: &'a ProjectIndex, file: usize) -> Self {
        Resolver { index, file }
    }

    /// The definition an identifier or path leads to.
    pub fn resolve(&self, node: NodeRef<'_>) -> Option<Meaning<'a>> {
        match node.tree().lang() {
            Lang::Rust => self.rust(node),
            Lang::TypeScript | Lang::Python => self.typescript(node),
        }
    }

    /// Rewrites every use of a constant whose value a rule may care about into that value: a
    /// string constant becomes a string literal, an integer constant carries its integer (see
    /// [`NodeRef::resolved_int`](crate::tree::NodeRef::resolved_int)). Returns how many uses
    /// changed the tree: a tree kept from a pass before already holds what it resolved then, and
    /// what the rules found in it then still holds.
    pub fn substitute(&self, tree: &mut Tree, source: &SourceFile) -> usize {
        let mut found: Vec<(u32, Value, Origin)> = Vec::new();
        let mut skip_until = 0u32;
        for node in tree.nodes() {
            if node.id() < skip_until {
                continue;
            }
            if !matches!(node.kind(), Kind::Ident | Kind::Member) || !self.index.is_meaningful(node.text()) {
                continue;
            }
            if node.role() == crate::tree::Role::Callee {
                continue;
            }
            let Some(m) = self.resolve(node) else { continue };
            let Some(value) = m.value().cloned() else { continue };
            // Integer constants of the file itself are already read where code branches on
            // them (`patterns::int_constants`).
            if matches!(value, Value::Int(_)) && m.file == self.file {
                continue;
            }
            let written = node.path().unwrap_or_else(|| node.text().to_string());
            let origin = Origin { written, path: m.path.to_string(), range: m.def.range, start: m.def.start };
            // The parts of a resolved path are not looked at again.
            skip_until = node.descendants().last().map_or(node.id() + 1, |d| d.id() + 1);
            found.push((node.id(), value, origin));
        }
        let _ = source;
        let mut changed = 0;
        for (id, value, origin) in found {
            changed += usize::from(match value {
                Value::Str(s) => tree.resolve_to_str(id, &s, origin),
                Value::Int(v) => tree.resolve_to_int(id, v, origin),
                Value::Strs(list) => tree.resolve_to_strs(id, list, origin),
            });
        }
        changed
    }

    // -- Rust ---------------------------------------------------------------------------------

    fn rust(&self, node: NodeRef<'_>) -> Option<Meaning<'a>> {
        let scope = inline_modules(node);
        match node.kind() {
            Kind::Ident => {
                if shadowed(node) {
                    return None;
                }
                self.index.rust_path(self.file, &scope, &[node.text()])
            }
            Kind::Member if node.has_flag(flags::STATIC_PATH) => {
                let mut segs = static_path(node)?;
                // `Self::X` inside `impl T`: `T::X`.
                let owner;
                if segs.first() == Some(&"Self") {
                    owner = node.enclosing(Kind::Container)?.text().to_string();
                    segs[0] = owner.as_str();
                    return self.index.rust_path(self.file, &scope, &segs);
                }
                self.index.rust_path(self.file, &scope, &segs)
            }
            _ => None,
        }
    }

    // -- TypeScript ---------------------------------------------------------------------------

    fn typescript(&self, node: NodeRef<'_>) -> Option<Meaning<'a>> {
        match node.kind() {
            Kind::Ident => self.ts_name(node),
            Kind::Member if !node.has_flag(flags::OPTIONAL) => {
                let segs = static_path(node)?;
                let (root, rest) = segs.split_first()?;
                let root_node = node.chain_root()?;
                if shadowed(root_node) {
                    return None;
                }
                // `C.X` through `import * as C`.
                if let Some(import) = self.ts_import(root) {
                    if import.0 == "*" {
                        let target = self.index.ts_module(self.file, import.1)?;
                        let (first, more) = rest.split_first()?;
                        let owner = self.index.ts_export(target, first, 0)?;
                        return if more.is_empty() { Some(owner) } else { self.index.member_of(owner, more) };
                    }
                }
                let owner = self.ts_name(root_node)?;
                self.index.member_of(owner, rest)
            }
            _ => None,
        }
    }

    /// A bare name: a module-level definition of this file, or an import.
    fn ts_name(&self, node: NodeRef<'_>) -> Option<Meaning<'a>> {
        let name = node.text();
        match crate::patterns::declaration_of(node) {
            // A binding of a function or block shadows the module's names.
            Some(decl) if decl.parent().is_some_and(|p| p.kind() != Kind::Module) => return None,
            Some(_) => return self.index.ts_export(self.file, name, 0),
            None => {}
        }
        if let Some(m) = self.index.ts_export(self.file, name, 0) {
            return Some(m);
        }
        let (exported, spec) = self.ts_import(name)?;
        if exported == "*" {
            return None;
        }
        let target = self.index.ts_module(self.file, spec)?;
        self.index.ts_export(target, exported, 0)
    }

    /// The (exported name, module specifier) a local name is imported as.
    fn ts_import(&self, local: &str) -> Option<(&'a str, &'a str)> {
        let f = self.index.file(self.file)?;
        f.imports.iter().find(|i| i.local == local && !i.reexport).map(|i| (i.exported.as_str(), i.path.as_str()))
    }
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

/// Whether a local binding (a parameter, a `let`, a variable of a function or block) of the
/// same name hides the module's names at this use.
fn shadowed(ident: NodeRef<'_>) -> bool {
    crate::patterns::declaration_of(ident).is_some_and(|decl| {
        decl.kind() == Kind::Param
            || decl
                .parent()
                .is_some_and(|p| !(p.kind() == Kind::Module || (p.kind() == Kind::Other && p.has_flag(flags::MODULE))))
    })
}

/// The segments of a path made only of names (`crate::a::B`, `Headers.Session`): no call, no
/// index.
fn static_path<'t>(node: NodeRef<'t>) -> Option<Vec<&'t str>> {
    let mut segs = Vec::new();
    let mut cur = node;
    loop {
        match cur.kind() {
            Kind::Member => {
                segs.push(cur.text());
                cur = cur.object()?;
            }
            Kind::Ident => {
                segs.push(cur.text());
                break;
            }
            _ => return None,
        }
    }
    segs.reverse();
    Some(segs)
}
