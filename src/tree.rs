//! The language-neutral syntax tree that every front end lowers into.
//!
//! TypeScript and Python (tree-sitter) and Rust (syn) are lowered into one small vocabulary of
//! node kinds so that a rule asking "is this string the `method` of a request?" or "which call
//! does this condition guard?" is written once for every language. The tree is a flat arena:
//! nodes link to their parent, first child and next sibling, so every traversal here is
//! iterative and deep nesting cannot overflow the stack.

use std::fmt;

use crate::source::SourceFile;

pub type NodeId = u32;
const NONE: NodeId = u32::MAX;

/// The language a file was written in, as far as rules care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// TypeScript and JavaScript, with or without JSX.
    TypeScript,
    Rust,
    Python,
}

impl Lang {
    pub fn name(self) -> &'static str {
        match self {
            Lang::TypeScript => "typescript",
            Lang::Rust => "rust",
            Lang::Python => "python",
        }
    }
}

/// What a node is. The same kind means the same thing in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The file itself.
    Module,
    /// A string literal; `text` is its decoded value. TS template strings without
    /// substitutions are strings too.
    Str,
    /// A TS template string with substitutions or a Rust `format!`-style string; `text` is the
    /// literal parts joined, children are the substitutions.
    Template,
    /// A number literal; integers carry their value (a unary minus is folded in).
    Num,
    /// `true` / `false`; `text` is the word.
    Bool,
    /// `null`.
    Null,
    /// An identifier, `this`, `self`, a type or variable name; `text` is the name.
    Ident,
    /// `object.property` or a path `a::b`; `text` is the property (last segment), the object is
    /// the child with role `Object`. `STATIC_PATH` marks `::`, `OPTIONAL` marks `?.`.
    Member,
    /// `object[index]`.
    Index,
    /// A call: child `Callee` then `Arg`s. `NEW` marks `new X()`.
    Call,
    /// A Rust macro invocation (`json!`, `format!`, `vec!`); `text` is the macro name. Its
    /// tokens are lowered as arguments when they parse as expressions, else as literals,
    /// objects and arrays read from the token tree.
    Macro,
    /// A binary operation; `text` is the operator (`===`, `&&`, `==`, `||`, `+`, …).
    Binary,
    /// A unary or postfix operation; `text` is the operator (`!`, `-`, `typeof`, `await`, `?`,
    /// `&`, `*`, `++`).
    Unary,
    /// An assignment; `text` is the operator (`=`, `+=`, `??=`).
    Assign,
    /// `if`, `? :`; children `Cond`, `Then`, `Else`.
    If,
    /// A TS `switch` or Rust `match`; child `Scrutinee`, then `Case`s.
    Switch,
    /// One arm: `Pattern` children (none for `default`), optional `Guard`, then `Body`.
    Case,
    /// `while`, `do`, `for`, `for … of/in`, `loop`; a `Cond` child where there is one.
    Loop,
    Break,
    Continue,
    Return,
    Throw,
    /// An object literal, a Rust struct expression (`text` is the struct name) or a JSON object
    /// in a macro; children are `Pair`s and spreads.
    Object,
    /// `key: value` in an object; `text` is the key; the value has role `Value`.
    Pair,
    /// `...x` / `..base`.
    Spread,
    /// An array literal, tuple or `vec![…]`; children have role `Elem`.
    Array,
    /// A function, method, arrow function or closure; `text` is its name ("" if anonymous).
    /// Children: `Attr`s, `Param`s, optional `Type` (return type), `Body`.
    Fn,
    /// A parameter; `text` is the bound name when it is a plain identifier.
    Param,
    /// A class, interface, type alias with an object type, Rust struct, enum, trait or impl;
    /// `text` is its name (for an impl, the self type). `Implements` children name the
    /// interfaces, base classes or implemented trait.
    Container,
    /// A field, class property, interface property signature or TS index signature (flag
    /// `INDEX_SIG`, `text` the key's name); `Type` and `Init` children.
    Field,
    /// A variable, `const`/`static` item or destructuring declaration; `text` is the bound name
    /// when it is a plain identifier; `Type` and `Init` children.
    Var,
    /// A type reference; `text` is the last path segment (`Map`, `HashMap`, `string`);
    /// type arguments are `TypeArg` children.
    Type,
    /// An import / `use`; `text` is the module specifier or the full `use` path. A TS import's
    /// children are `Other` leaves naming its local bindings (role `Elem`; an aliased binding
    /// is a `Key` leaf with the exported name followed by a `Value` leaf with the local name);
    /// see [`NodeRef::import_bindings`].
    Import,
    /// A Rust attribute or TS decorator; `text` is its path (`tool`, `tool_router`).
    Attribute,
    /// A block of statements.
    Block,
    /// Anything else; its children are still lowered.
    Other,
}

/// The part a node plays in its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    None,
    Stmt,
    Callee,
    Arg,
    Object,
    Index,
    Left,
    Right,
    Operand,
    Cond,
    Then,
    Else,
    Scrutinee,
    Case,
    Pattern,
    Guard,
    Body,
    Key,
    Value,
    Elem,
    Param,
    Type,
    TypeArg,
    Init,
    Implements,
    Attr,
    Member,
}

/// Node flags.
pub mod flags {
    pub const NEW: u16 = 1;
    /// A `Member` read through an optional chain (`a?.b`), or a `Param` a call may leave out
    /// (`x?: T`).
    pub const OPTIONAL: u16 = 1 << 1;
    pub const STATIC_PATH: u16 = 1 << 2;
    /// A `Pair` whose key was a string literal (`{"method": …}`).
    pub const STRING_KEY: u16 = 1 << 3;
    /// A `Pair` whose key is computed (`{[k]: v}`); the key expression has role `Key`.
    pub const COMPUTED: u16 = 1 << 4;
    pub const SHORTHAND: u16 = 1 << 5;
    /// A `Num` that holds an integer value.
    pub const INT: u16 = 1 << 6;
    /// A `Field` that is a TS index signature (`[sessionId: string]: T`).
    pub const INDEX_SIG: u16 = 1 << 7;
    /// A `Container` that is an interface, trait or type alias rather than a class or struct.
    pub const INTERFACE: u16 = 1 << 8;
    /// A `Container` that is a Rust `impl` block.
    pub const IMPL: u16 = 1 << 9;
    /// A node read from a macro's raw token tree rather than parsed as an expression.
    pub const FROM_TOKENS: u16 = 1 << 10;
    /// An `async` function.
    pub const ASYNC: u16 = 1 << 11;
    /// An `Import` that re-exports what it imports (`export { X } from './x'`,
    /// `export * from './x'`).
    pub const REEXPORT: u16 = 1 << 12;
    /// An `Other` node that is a module or namespace declared inline (`mod commands { … }`);
    /// `text` is its name.
    pub const MODULE: u16 = 1 << 13;
    /// A name the project index resolved to a constant's value: a `Str` that was an
    /// identifier or path (see [`crate::tree::Tree::resolve_to_str`]), or an `Ident`/`Member`
    /// that carries the integer it stands for.
    pub const RESOLVED: u16 = 1 << 14;
    /// A `Param` that takes the remaining arguments, any number of them (`...args`, `*args`,
    /// `**kwargs`).
    pub const REST: u16 = 1 << 15;
}

#[derive(Clone, Debug)]
struct Node {
    kind: Kind,
    role: Role,
    flags: u16,
    start: u32,
    end: u32,
    parent: NodeId,
    first_child: NodeId,
    next_sibling: NodeId,
    text_start: u32,
    text_len: u32,
}

// A tree holds a node per few bytes of source, and the passes with the project index keep
// every tree of an MCP-dense project at once: what few nodes carry (an integer, a name's
// span) lives beside them, not in each.
const _: () = assert!(std::mem::size_of::<Node>() == 32);

/// A comment, kept for suppressions: only where it is, so that a file of doc comments costs no
/// copy of their text.
#[derive(Clone, Copy, Debug)]
pub struct Comment {
    pub start: u32,
    pub end: u32,
}

impl Comment {
    /// The comment's text, markers included (`// …`, `/* … */`).
    pub fn text<'s>(&self, source: &'s SourceFile) -> &'s str {
        source.slice(self.start as usize, self.end as usize)
    }
}

/// Where a name the project index resolved was defined: rules report a use of it as a use
/// of its value, and the finding names the definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The name as written at the use (`SESSION_HEADER`, `crate::commands::INIT`).
    pub written: String,
    /// The file that defines it, relative to the scan root.
    pub path: String,
    /// Byte range and position of the definition's name in that file.
    pub range: (usize, usize),
    pub start: crate::source::Position,
}

/// A lowered file.
#[derive(Clone, Debug)]
pub struct Tree {
    lang: Lang,
    nodes: Vec<Node>,
    strings: String,
    pub comments: Vec<Comment>,
    /// The spans of function bodies left unread because they hold no trigger token (see
    /// [`crate::prefilter::Hits`]), sorted.
    pub unread: Vec<(usize, usize)>,
    /// Names resolved to a constant's value, by node id (sorted): where each was defined.
    resolved: Vec<(NodeId, Origin)>,
    /// Names resolved to a list of strings, by node id (sorted).
    lists: Vec<(NodeId, Vec<String>)>,
    /// The integers of `Num` nodes and of names resolved to one, by node id (sorted).
    ints: Vec<(NodeId, i64)>,
    /// The spans of named nodes' names (see [`NodeRef::name_span`]), by node id (sorted).
    names: Vec<(NodeId, (u32, u32))>,
}

impl Tree {
    pub fn lang(&self) -> Lang {
        self.lang
    }

    pub fn root(&self) -> NodeRef<'_> {
        NodeRef { tree: self, id: 0 }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether `offset` lies in a function body left unread.
    pub fn unread_at(&self, offset: usize) -> bool {
        let i = self.unread.partition_point(|&(_, end)| end <= offset);
        self.unread.get(i).is_some_and(|&(start, _)| start <= offset)
    }

    /// The bytes the tree holds on the heap, after [`Tree::shrink`].
    pub fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.strings.capacity()
            + self.comments.capacity() * std::mem::size_of::<Comment>()
            + self.unread.capacity() * std::mem::size_of::<(usize, usize)>()
            + self.ints.capacity() * std::mem::size_of::<(NodeId, i64)>()
            + self.names.capacity() * std::mem::size_of::<(NodeId, (u32, u32))>()
    }

    /// Gives back what the builder reserved beyond the tree's size, for a tree that is kept.
    pub fn shrink(&mut self) {
        self.nodes.shrink_to_fit();
        self.strings.shrink_to_fit();
        self.comments.shrink_to_fit();
        self.ints.shrink_to_fit();
        self.names.shrink_to_fit();
    }

    pub fn node(&self, id: NodeId) -> NodeRef<'_> {
        NodeRef { tree: self, id }
    }

    /// Every node in document order (pre-order).
    pub fn nodes(&self) -> impl Iterator<Item = NodeRef<'_>> + '_ {
        (0..self.nodes.len() as NodeId).map(move |id| NodeRef { tree: self, id })
    }

    /// Makes a name that stands for a string constant a string literal of that value: rules
    /// then read `headers.get(SESSION_HEADER)` as `headers.get("Mcp-Session-Id")`. The parts
    /// of a path (`crate`, `commands` in `crate::commands::INIT`) stop being names. Whether
    /// the tree changed: it does, a name becomes a string.
    pub fn resolve_to_str(&mut self, id: NodeId, value: &str, origin: Origin) -> bool {
        let end = self.node(id).subtree_end();
        let (start, len) = self.intern(value);
        let Some(n) = self.nodes.get_mut(id as usize) else { return false };
        n.kind = Kind::Str;
        n.text_start = start;
        n.text_len = len;
        n.flags = (n.flags & !(flags::STATIC_PATH | flags::OPTIONAL)) | flags::RESOLVED;
        for inner in self.nodes.get_mut(id as usize + 1..end as usize).into_iter().flatten() {
            inner.kind = Kind::Other;
            inner.text_len = 0;
        }
        // A computed key (`{[KEY_METHOD]: …}`, Python `{KEY_METHOD: …}`) names its pair.
        let parent = self.nodes.get(id as usize).filter(|n| n.role == Role::Key).map(|n| n.parent);
        if let Some(pair) = parent.and_then(|p| self.nodes.get_mut(p as usize)) {
            if pair.kind == Kind::Pair && pair.flags & flags::COMPUTED != 0 {
                pair.text_start = start;
                pair.text_len = len;
                pair.flags = (pair.flags & !flags::COMPUTED) | flags::STRING_KEY;
            }
        }
        self.record(id, origin);
        true
    }

    /// Gives a name that stands for an integer constant that integer (see
    /// [`NodeRef::resolved_int`]); it stays a name, so that a constant counts where code
    /// branches on it, not at every use. Whether the tree changed: a tree resolved again (kept
    /// from the pass before) may already say so.
    pub fn resolve_to_int(&mut self, id: NodeId, value: i64, origin: Origin) -> bool {
        let Some(n) = self.nodes.get_mut(id as usize) else { return false };
        let changed = n.flags & flags::RESOLVED == 0;
        n.flags |= flags::RESOLVED;
        let changed = insert_sorted(&mut self.ints, id, value) || changed;
        self.record(id, origin) || changed
    }

    /// Records that a name stands for a list of strings (`SUPPORTED_VERSIONS`); whether the
    /// tree changed, as for [`resolve_to_int`](Self::resolve_to_int).
    pub fn resolve_to_strs(&mut self, id: NodeId, values: Vec<String>, origin: Origin) -> bool {
        let Some(n) = self.nodes.get_mut(id as usize) else { return false };
        let changed = n.flags & flags::RESOLVED == 0;
        n.flags |= flags::RESOLVED;
        let listed = insert_sorted(&mut self.lists, id, values);
        self.record(id, origin) || listed || changed
    }

    /// Records where a resolved name was defined. A tree resolved again (kept from the pass
    /// before) records each name once; whether the record is new.
    fn record(&mut self, id: NodeId, origin: Origin) -> bool {
        insert_sorted(&mut self.resolved, id, origin)
    }

    fn intern(&mut self, text: &str) -> (u32, u32) {
        let start = self.strings.len();
        self.strings.push_str(text);
        (clamp(start), clamp(text.len()))
    }

    /// The definitions of the resolved names whose uses lie within a byte range.
    pub fn origins_within(&self, start: usize, end: usize) -> impl Iterator<Item = &Origin> + '_ {
        self.resolved.iter().filter_map(move |(id, o)| {
            let n = self.nodes.get(*id as usize)?;
            (n.start as usize >= start && n.end as usize <= end && n.end > n.start).then_some(o)
        })
    }

    /// How many names were resolved to a constant.
    pub fn resolved_count(&self) -> usize {
        self.resolved.len()
    }

    /// The deepest node whose span holds a byte range (where a finding at that range is).
    pub fn node_at(&self, range: (usize, usize)) -> Option<NodeRef<'_>> {
        if self.nodes.is_empty() {
            return None;
        }
        let mut cur = self.root();
        'down: loop {
            for c in cur.children() {
                if c.start() <= range.0 && range.1 <= c.end() && c.end() > c.start() {
                    cur = c;
                    continue 'down;
                }
            }
            return Some(cur);
        }
    }
}

/// A handle on one node with navigation.
#[derive(Clone, Copy)]
pub struct NodeRef<'t> {
    tree: &'t Tree,
    id: NodeId,
}

impl PartialEq for NodeRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && std::ptr::eq(self.tree, other.tree)
    }
}

impl fmt::Debug for NodeRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}({:?} {:?}) @{}..{}", self.kind(), self.role(), self.text(), self.start(), self.end())
    }
}

impl<'t> NodeRef<'t> {
    fn raw(&self) -> &'t Node {
        &self.tree.nodes[self.id as usize]
    }

    /// The integer the node carries, whatever its kind (see [`Tree::ints`]).
    fn int_value(&self) -> Option<i64> {
        let ints = &self.tree.ints;
        ints.binary_search_by_key(&self.id, |(i, _)| *i).ok().map(|at| ints[at].1)
    }

    pub fn id(&self) -> NodeId {
        self.id
    }

    pub fn tree(&self) -> &'t Tree {
        self.tree
    }

    pub fn kind(&self) -> Kind {
        self.raw().kind
    }

    pub fn role(&self) -> Role {
        self.raw().role
    }

    pub fn has_flag(&self, flag: u16) -> bool {
        self.raw().flags & flag != 0
    }

    /// Byte offset of the first byte of the node in the source.
    pub fn start(&self) -> usize {
        self.raw().start as usize
    }

    /// Byte offset one past the node's last byte.
    pub fn end(&self) -> usize {
        self.raw().end as usize
    }

    pub fn span(&self) -> (usize, usize) {
        (self.start(), self.end())
    }

    /// The span of a named node's name (a function's or class's name, a pair's key), if the
    /// front end recorded one.
    pub fn name_span(&self) -> Option<(usize, usize)> {
        let names = &self.tree.names;
        let (start, end) = names.binary_search_by_key(&self.id, |(i, _)| *i).ok().map(|at| names[at].1)?;
        (end > start).then_some((start as usize, end as usize))
    }

    /// The tight span to report a finding on: the name of a declaration, the callee of a call,
    /// the node itself otherwise. Keeps SARIF regions on one line where possible.
    pub fn focus(&self) -> (usize, usize) {
        match self.kind() {
            Kind::Fn | Kind::Container | Kind::Var | Kind::Field | Kind::Param | Kind::Pair => {
                self.name_span().unwrap_or((self.start(), self.start()))
            }
            // A method call: from the method name to the end of the callee, so that a finding on
            // `builder().enable_logging()` sits on its own line, not where the chain starts.
            Kind::Call => match self.callee() {
                Some(c) if c.kind() == Kind::Member => c.name_span().map_or(c.span(), |(s, _)| (s, c.end())),
                Some(c) => c.span(),
                None => self.span(),
            },
            _ => self.span(),
        }
    }

    /// The node's name, value or operator (see [`Kind`]).
    pub fn text(&self) -> &'t str {
        let n = self.raw();
        let start = n.text_start as usize;
        self.tree.strings.get(start..start + n.text_len as usize).unwrap_or("")
    }

    /// The integer value of a `Num` node.
    pub fn int(&self) -> Option<i64> {
        let n = self.raw();
        if n.kind == Kind::Num && n.flags & flags::INT != 0 {
            self.int_value()
        } else {
            None
        }
    }

    /// The integer a name stands for, when the project index resolved it to a constant
    /// (`ErrorCode::RESOURCE_NOT_FOUND` defined in another file).
    pub fn resolved_int(&self) -> Option<i64> {
        let n = self.raw();
        (matches!(n.kind, Kind::Ident | Kind::Member) && n.flags & flags::RESOLVED != 0 && n.flags & flags::INT == 0)
            .then(|| self.int_value())
            .flatten()
            .filter(|_| self.tree.lists.binary_search_by_key(&self.id, |(i, _)| *i).is_err())
    }

    /// The strings a name stands for, when the project index resolved it to a list constant
    /// (`SUPPORTED_VERSIONS`).
    pub fn resolved_strs(&self) -> Option<&'t [String]> {
        let i = self.tree.lists.binary_search_by_key(&self.id, |(i, _)| *i).ok()?;
        self.tree.lists.get(i).map(|(_, v)| v.as_slice())
    }

    /// Whether the project index resolved this node from a name (see [`Origin`]).
    pub fn is_resolved(&self) -> bool {
        self.has_flag(flags::RESOLVED)
    }

    /// Where the constant this node was resolved from is defined.
    pub fn origin(&self) -> Option<&'t Origin> {
        let i = self.tree.resolved.binary_search_by_key(&self.id, |(i, _)| *i).ok()?;
        self.tree.resolved.get(i).map(|(_, o)| o)
    }

    /// The string value of a `Str` node.
    pub fn str_value(&self) -> Option<&'t str> {
        (self.kind() == Kind::Str).then(|| self.text())
    }

    pub fn is(&self, kind: Kind) -> bool {
        self.kind() == kind
    }

    pub fn is_ident(&self, name: &str) -> bool {
        self.kind() == Kind::Ident && self.text() == name
    }

    pub fn parent(&self) -> Option<NodeRef<'t>> {
        let p = self.raw().parent;
        (p != NONE).then_some(NodeRef { tree: self.tree, id: p })
    }

    pub fn ancestors(&self) -> impl Iterator<Item = NodeRef<'t>> + 't {
        let mut cur = self.parent();
        std::iter::from_fn(move || {
            let n = cur?;
            cur = n.parent();
            Some(n)
        })
    }

    pub fn children(&self) -> impl Iterator<Item = NodeRef<'t>> + 't {
        let tree = self.tree;
        let mut cur = self.raw().first_child;
        std::iter::from_fn(move || {
            if cur == NONE {
                return None;
            }
            let n = NodeRef { tree, id: cur };
            cur = n.raw().next_sibling;
            Some(n)
        })
    }

    /// The first child with this role.
    pub fn child(&self, role: Role) -> Option<NodeRef<'t>> {
        self.children().find(|c| c.role() == role)
    }

    /// All children with this role.
    pub fn children_with(&self, role: Role) -> impl Iterator<Item = NodeRef<'t>> + 't {
        self.children().filter(move |c| c.role() == role)
    }

    /// Every node below this one, in document order. Nodes are stored in pre-order, so the
    /// subtree is a contiguous range of ids.
    pub fn descendants(&self) -> impl Iterator<Item = NodeRef<'t>> + 't {
        let tree = self.tree;
        let end = self.subtree_end();
        (self.id + 1..end).map(move |id| NodeRef { tree, id })
    }

    /// One past the id of the last node in this node's subtree.
    pub fn subtree_end(&self) -> NodeId {
        let mut n = *self;
        loop {
            let next = n.raw().next_sibling;
            if next != NONE {
                return next;
            }
            match n.parent() {
                Some(p) => n = p,
                None => return self.tree.nodes.len() as NodeId,
            }
        }
    }

    /// Whether `other` lies inside this node's subtree (or is this node).
    pub fn contains(&self, other: NodeRef<'_>) -> bool {
        other.id >= self.id && other.id < self.subtree_end()
    }

    /// The arguments of a `Call` or `Macro`.
    pub fn args(&self) -> impl Iterator<Item = NodeRef<'t>> + 't {
        self.children_with(Role::Arg)
    }

    pub fn arg(&self, index: usize) -> Option<NodeRef<'t>> {
        self.args().nth(index)
    }

    /// The callee of a `Call`.
    pub fn callee(&self) -> Option<NodeRef<'t>> {
        self.child(Role::Callee)
    }

    /// For a call `a.b.c(…)` or `c(…)` or `X::c(…)`: `c`.
    pub fn call_name(&self) -> Option<&'t str> {
        let callee = self.callee()?;
        match callee.kind() {
            Kind::Ident | Kind::Member => Some(callee.text()),
            _ => None,
        }
    }

    /// For a call `a.b.c(…)`: the receiver `a.b`.
    pub fn receiver(&self) -> Option<NodeRef<'t>> {
        let callee = self.callee()?;
        (callee.kind() == Kind::Member).then(|| callee.child(Role::Object)).flatten()
    }

    /// For `Member`/`Index`: the object.
    pub fn object(&self) -> Option<NodeRef<'t>> {
        self.child(Role::Object)
    }

    /// The value of a `Pair`, `Var` or `Field` initializer.
    pub fn value(&self) -> Option<NodeRef<'t>> {
        match self.kind() {
            Kind::Pair => self.child(Role::Value),
            _ => self.child(Role::Init),
        }
    }

    /// For an `Object`: the value of the pair with this key.
    pub fn field(&self, key: &str) -> Option<NodeRef<'t>> {
        self.children().find(|c| c.kind() == Kind::Pair && c.text() == key).and_then(|p| p.value())
    }

    /// For an `Object`: the keys of its pairs.
    pub fn keys(&self) -> impl Iterator<Item = &'t str> + 't {
        self.children().filter(|c| c.kind() == Kind::Pair).map(|c| c.text())
    }

    /// The dotted path of an `Ident`/`Member` chain: `a.b.c` (`::` kept for static paths);
    /// calls and indexing in the chain are written `f()` and `x[]`. `None` when the chain
    /// starts with something else (a literal, an object).
    pub fn path(&self) -> Option<String> {
        let mut parts: Vec<(&str, &str)> = Vec::new();
        let mut cur = *self;
        loop {
            match cur.kind() {
                Kind::Ident => {
                    parts.push((cur.text(), ""));
                    break;
                }
                Kind::Member => {
                    let sep = if cur.has_flag(flags::STATIC_PATH) { "::" } else { "." };
                    parts.push((cur.text(), sep));
                    cur = cur.object()?;
                }
                Kind::Call => {
                    parts.push(("()", ""));
                    cur = cur.callee()?;
                }
                Kind::Index => {
                    parts.push(("[]", ""));
                    cur = cur.object()?;
                }
                Kind::Unary if matches!(cur.text(), "await" | "?" | "&" | "*" | "!") => {
                    // `x?`, `x.await`, `&x`, non-null `x!`: see through them.
                    cur = cur.children().next()?;
                }
                _ => return None,
            }
        }
        let mut out = String::new();
        for (name, sep) in parts.iter().rev() {
            if !out.is_empty() && !name.starts_with('(') && !name.starts_with('[') {
                out.push_str(if sep.is_empty() { "." } else { sep });
            }
            out.push_str(name);
        }
        Some(out)
    }

    /// The nodes of a receiver chain, from this one down to where it starts: `a.b(x).c` gives
    /// itself, `a.b(x)`, `a.b`, `a`; through calls, indexing, `await`, `&` and `!`.
    pub fn chain(&self) -> impl Iterator<Item = NodeRef<'t>> + 't {
        std::iter::successors(Some(*self), |n| match n.kind() {
            Kind::Member | Kind::Index => n.object(),
            Kind::Call => n.callee(),
            Kind::Unary => n.children().next(),
            _ => None,
        })
    }

    /// The identifier a chain starts from: `Schema` in `Schema.shape` or `Schema.extend({…})`,
    /// `headers` in `headers.insert(…)`.
    pub fn chain_root(&self) -> Option<NodeRef<'t>> {
        self.chain().last().filter(|n| n.kind() == Kind::Ident)
    }

    /// The segments of [`path`](Self::path), without calls and indexing.
    pub fn path_segments(&self) -> Vec<&'t str> {
        let mut parts = Vec::new();
        let mut cur = *self;
        loop {
            match cur.kind() {
                Kind::Ident => {
                    parts.push(cur.text());
                    break;
                }
                Kind::Member => {
                    parts.push(cur.text());
                    match cur.object() {
                        Some(o) => cur = o,
                        None => break,
                    }
                }
                Kind::Call => match cur.callee() {
                    Some(c) => cur = c,
                    None => break,
                },
                Kind::Index => match cur.object() {
                    Some(o) => cur = o,
                    None => break,
                },
                Kind::Unary => match cur.children().next() {
                    Some(c) => cur = c,
                    None => break,
                },
                _ => break,
            }
        }
        parts.reverse();
        parts
    }

    /// The nearest enclosing node of this kind.
    pub fn enclosing(&self, kind: Kind) -> Option<NodeRef<'t>> {
        self.ancestors().find(|a| a.kind() == kind)
    }

    /// Skip through transparent wrappers upward: the first ancestor that is not a `Unary`
    /// `await`/`?`/`!` and not a `Block` of one statement.
    pub fn semantic_parent(&self) -> Option<NodeRef<'t>> {
        self.ancestors().find(|a| !(a.kind() == Kind::Unary && matches!(a.text(), "await" | "?" | "!")))
    }

    /// For an `Import`: (exported name, local name) of each binding it introduces
    /// (`import { Client as C } from …` gives `("Client", "C")`; default and namespace
    /// imports give the local name twice).
    pub fn import_bindings(&self) -> Vec<(&'t str, &'t str)> {
        let mut out = Vec::new();
        let mut exported: Option<&'t str> = None;
        for c in self.children().filter(|c| c.kind() == Kind::Other) {
            match c.role() {
                Role::Key => exported = Some(c.text()),
                Role::Value => out.push((exported.take().unwrap_or(c.text()), c.text())),
                _ => out.push((c.text(), c.text())),
            }
        }
        out
    }

    /// For an `Import`: the exported name its binding of `local` imports, if it binds it (the
    /// first of [`import_bindings`](Self::import_bindings) with that local name), without
    /// listing the bindings.
    pub fn imported_as(&self, local: &str) -> Option<&'t str> {
        let mut exported: Option<&'t str> = None;
        for c in self.children().filter(|c| c.kind() == Kind::Other) {
            let binding = match c.role() {
                Role::Key => {
                    exported = Some(c.text());
                    continue;
                }
                Role::Value => (exported.take().unwrap_or(c.text()), c.text()),
                _ => (c.text(), c.text()),
            };
            if binding.1 == local {
                return Some(binding.0);
            }
        }
        None
    }

    /// The type argument nodes of a `Type`.
    pub fn type_args(&self) -> impl Iterator<Item = NodeRef<'t>> + 't {
        self.children_with(Role::TypeArg)
    }
}

/// Builds a [`Tree`] in pre-order: `open` a node, add its children, `close` it.
pub struct TreeBuilder {
    lang: Lang,
    nodes: Vec<Node>,
    strings: String,
    comments: Vec<Comment>,
    open: Vec<NodeId>,
    last_child: Vec<NodeId>,
    /// As in [`Tree`], in the order they were set: sorted by [`TreeBuilder::finish`].
    ints: Vec<(NodeId, i64)>,
    names: Vec<(NodeId, (u32, u32))>,
}

impl TreeBuilder {
    pub fn new(lang: Lang, source_len: usize) -> Self {
        TreeBuilder {
            lang,
            nodes: Vec::with_capacity(source_len / 6 + 16),
            strings: String::with_capacity(source_len / 4 + 16),
            comments: Vec::new(),
            open: Vec::new(),
            last_child: Vec::with_capacity(source_len / 6 + 16),
            ints: Vec::new(),
            names: Vec::new(),
        }
    }

    /// Current nesting depth of open nodes.
    pub fn depth(&self) -> usize {
        self.open.len()
    }

    /// Opens a node as the next child of the innermost open node.
    pub fn open(&mut self, kind: Kind, role: Role, span: (usize, usize), text: &str) -> NodeId {
        let id = self.push(kind, role, span, text);
        self.open.push(id);
        id
    }

    /// Closes the innermost open node.
    pub fn close(&mut self) {
        self.open.pop();
    }

    /// Adds a node with no children.
    pub fn leaf(&mut self, kind: Kind, role: Role, span: (usize, usize), text: &str) -> NodeId {
        self.push(kind, role, span, text)
    }

    pub fn set_flag(&mut self, id: NodeId, flag: u16) {
        if let Some(n) = self.nodes.get_mut(id as usize) {
            n.flags |= flag;
        }
    }

    pub fn set_int(&mut self, id: NodeId, value: i64) {
        if let Some(n) = self.nodes.get_mut(id as usize) {
            n.flags |= flags::INT;
            self.ints.push((id, value));
        }
    }

    pub fn set_text(&mut self, id: NodeId, text: &str) {
        let (start, len) = self.intern(text);
        if let Some(n) = self.nodes.get_mut(id as usize) {
            n.text_start = start;
            n.text_len = len;
        }
    }

    pub fn set_role(&mut self, id: NodeId, role: Role) {
        if let Some(n) = self.nodes.get_mut(id as usize) {
            n.role = role;
        }
    }

    pub fn set_span(&mut self, id: NodeId, span: (usize, usize)) {
        if let Some(n) = self.nodes.get_mut(id as usize) {
            n.start = clamp(span.0);
            n.end = clamp(span.1);
        }
    }

    /// Records the span of a named node's name (see [`NodeRef::name_span`]).
    pub fn set_name_span(&mut self, id: NodeId, span: (usize, usize)) {
        if (id as usize) < self.nodes.len() {
            self.names.push((id, (clamp(span.0), clamp(span.1))));
        }
    }

    pub fn kind_of(&self, id: NodeId) -> Option<Kind> {
        self.nodes.get(id as usize).map(|n| n.kind)
    }

    pub fn text_of(&self, id: NodeId) -> &str {
        self.nodes
            .get(id as usize)
            .and_then(|n| self.strings.get(n.text_start as usize..(n.text_start + n.text_len) as usize))
            .unwrap_or("")
    }

    pub fn int_of(&self, id: NodeId) -> Option<i64> {
        self.nodes.get(id as usize).filter(|n| n.flags & flags::INT != 0)?;
        self.ints.iter().rev().find(|(i, _)| *i == id).map(|(_, v)| *v)
    }

    pub fn comment(&mut self, span: (usize, usize)) {
        self.comments.push(Comment { start: clamp(span.0), end: clamp(span.1) });
    }

    /// Number of nodes so far; the id the next node will get.
    pub fn next_id(&self) -> NodeId {
        self.nodes.len() as NodeId
    }

    fn intern(&mut self, text: &str) -> (u32, u32) {
        if text.is_empty() {
            return (0, 0);
        }
        let start = self.strings.len();
        self.strings.push_str(text);
        (clamp(start), clamp(text.len()))
    }

    fn push(&mut self, kind: Kind, role: Role, span: (usize, usize), text: &str) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let parent = self.open.last().copied().unwrap_or(NONE);
        let (text_start, text_len) = self.intern(text);
        self.nodes.push(Node {
            kind,
            role,
            flags: 0,
            start: clamp(span.0),
            end: clamp(span.1),
            parent,
            first_child: NONE,
            next_sibling: NONE,
            text_start,
            text_len,
        });
        self.last_child.push(NONE);
        if parent != NONE {
            let p = parent as usize;
            match self.last_child.get(p).copied() {
                Some(prev) if prev != NONE => {
                    if let Some(n) = self.nodes.get_mut(prev as usize) {
                        n.next_sibling = id;
                    }
                }
                _ => {
                    if let Some(n) = self.nodes.get_mut(p) {
                        n.first_child = id;
                    }
                }
            }
            if let Some(l) = self.last_child.get_mut(p) {
                *l = id;
            }
        }
        id
    }

    pub fn finish(self) -> Tree {
        Tree {
            lang: self.lang,
            nodes: self.nodes,
            strings: self.strings,
            comments: self.comments,
            unread: Vec::new(),
            resolved: Vec::new(),
            lists: Vec::new(),
            ints: by_id(self.ints),
            names: by_id(self.names),
        }
    }
}

/// A list set in any order, sorted by node id; where an id was set more than once, the last
/// setting holds.
fn by_id<T>(mut list: Vec<(NodeId, T)>) -> Vec<(NodeId, T)> {
    // Stable: entries of one id stay in the order they were set.
    list.sort_by_key(|(i, _)| *i);
    let mut out: Vec<(NodeId, T)> = Vec::with_capacity(list.len());
    for entry in list {
        match out.last_mut() {
            Some(last) if last.0 == entry.0 => *last = entry,
            _ => out.push(entry),
        }
    }
    out
}

/// Sets the entry of `id` in a list sorted by node id, in place of an earlier one; whether
/// that changed the list.
fn insert_sorted<T: PartialEq>(list: &mut Vec<(NodeId, T)>, id: NodeId, value: T) -> bool {
    let at = list.partition_point(|(i, _)| *i < id);
    match list.get_mut(at) {
        Some(slot) if slot.0 == id => {
            let changed = slot.1 != value;
            slot.1 = value;
            changed
        }
        _ => {
            list.insert(at, (id, value));
            true
        }
    }
}

fn clamp(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_links_and_paths() {
        let mut b = TreeBuilder::new(Lang::TypeScript, 0);
        b.open(Kind::Module, Role::None, (0, 10), "");
        b.open(Kind::Call, Role::Stmt, (0, 10), "");
        b.open(Kind::Member, Role::Callee, (0, 8), "ping");
        b.leaf(Kind::Ident, Role::Object, (0, 6), "client");
        b.close();
        b.leaf(Kind::Num, Role::Arg, (9, 10), "");
        b.close();
        b.close();
        let t = b.finish();
        let call = t.node(1);
        assert_eq!(call.kind(), Kind::Call);
        assert_eq!(call.call_name(), Some("ping"));
        assert_eq!(call.receiver().map(|r| r.text()), Some("client"));
        assert_eq!(call.callee().and_then(|c| c.path()).as_deref(), Some("client.ping"));
        assert_eq!(call.descendants().count(), 3);
        assert_eq!(t.root().descendants().count(), 4);
        assert!(call.contains(t.node(3)));
        assert!(!t.node(2).contains(t.node(4)));
        assert_eq!(t.node(3).ancestors().count(), 3);
    }

    #[test]
    fn integers_and_name_spans_sit_beside_the_nodes() {
        let mut b = TreeBuilder::new(Lang::Rust, 0);
        let module = b.open(Kind::Module, Role::None, (0, 40), "");
        let func = b.open(Kind::Fn, Role::Stmt, (0, 30), "ping");
        let code = b.leaf(Kind::Num, Role::Value, (20, 26), "-32002");
        let name = b.leaf(Kind::Ident, Role::Value, (27, 30), "CODE");
        b.close();
        b.close();
        // Set out of node order, and once more: the last setting holds.
        b.set_int(code, 7);
        b.set_name_span(func, (3, 7));
        b.set_int(code, -32002);
        assert_eq!(b.int_of(code), Some(-32002));
        let mut t = b.finish();
        assert_eq!(t.node(code).int(), Some(-32002));
        assert_eq!(t.node(func).name_span(), Some((3, 7)));
        assert_eq!(t.node(module).name_span(), None);
        assert_eq!(t.node(name).int(), None);
        assert_eq!(t.node(name).resolved_int(), None);
        let origin = || Origin {
            written: "CODE".into(),
            path: "src/codes.rs".into(),
            range: (0, 4),
            start: crate::source::Position::default(),
        };
        assert!(t.resolve_to_int(name, 404, origin()));
        assert_eq!(t.node(name).resolved_int(), Some(404));
        // The same value again changes nothing; another one does.
        assert!(!t.resolve_to_int(name, 404, origin()));
        assert!(t.resolve_to_int(name, 405, origin()));
        assert_eq!(t.node(name).resolved_int(), Some(405));
        assert_eq!(t.node(code).int(), Some(-32002));
    }
}
