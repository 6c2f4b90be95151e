//! The project model: what each file defines and imports, merged into one index that answers
//! "what does this name mean here?" for every rule.
//!
//! Hand-written MCP code names a thing once and uses it everywhere: a header constant in
//! `mod.rs`, a method name in a `commands` module, an `as const` object of method names, a
//! list of protocol versions. A rule that sees one file sees the name, not the meaning. The
//! index is built from the lowered trees ([`FileIndex::build`], one per file), merged once per
//! run ([`ProjectIndex`]), and read through one [`Resolver`] per file: a use of a constant acts
//! like its value, through imports and module paths, never by spelling alone.

mod build;
mod calls;
mod project;
mod reach;
mod resolve;

pub use calls::{calls_to_doers, holds_legacy_revision, Marks};
pub use project::{Meaning, ProjectIndex};
pub use reach::{at_definitions, Link, Target};
pub use resolve::Resolver;

use crate::source::Position;
use crate::tree::Lang;

/// The value a constant stands for, when a rule could care about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Str(String),
    Int(i64),
    /// A list of strings (`SUPPORTED_VERSIONS: &[&str] = &["2025-06-18", …]`).
    Strs(Vec<String>),
}

/// What a definition is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DefKind {
    /// A constant (`const`, `static`, a top-level `const` in TypeScript, an enum member, a
    /// property of a constant object).
    Const(Value),
    /// A function or method, with the number of its parameters (`self` not counted) and how
    /// many of them a call must pass (those without a default; none in Python, whose keyword
    /// arguments can fill any), and the position of a parameter named for the protocol
    /// version (`create_session(info, protocol_version)`), whose argument is one.
    /// `optional` counts the parameters a call may leave out without a default to say what
    /// they are (`x?: T`, `...rest`).
    /// `delegates` are the calls by which a function named for an HTTP verb hands its request
    /// on to a handler of that verb (see `build::delegates`).
    Fn { params: usize, required: usize, optional: usize, protocol_param: Option<u8>, delegates: Vec<Target> },
    /// A struct, class, enum, trait or interface.
    Type,
    /// A field of a struct or class, with the type names its type mentions
    /// (`registry: Arc<SseSessionRegistry>` → `Arc`, `SseSessionRegistry`).
    Field { types: Vec<String> },
}

/// A name a file defines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Def {
    pub name: String,
    /// Where the name lives within the file: the inline modules around it and, for a member,
    /// its owner (`["commands"]` for `mod commands { const LIST }`, `["ErrorCode"]` for an
    /// associated constant of `impl ErrorCode`, `["Headers"]` for a member of `enum Headers`
    /// or of `const Headers = { … }`).
    pub scope: Vec<String>,
    pub kind: DefKind,
    /// Byte range of the definition's name.
    pub range: (usize, usize),
    pub start: Position,
    /// For a function: the removed thing its body does, which a caller does by calling it.
    pub does: Option<Doing>,
}

/// What a function's body does that its callers do too: one finding's rule and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doing {
    pub rule: String,
    pub message: String,
    pub legacy_handler: bool,
    /// For a store type: its methods that work one entry of the store (see
    /// `calls::entry_methods`), whatever their arguments are called.
    pub methods: Vec<String>,
}

impl Def {
    /// The value of a constant.
    pub fn value(&self) -> Option<&Value> {
        match &self.kind {
            DefKind::Const(v) => Some(v),
            _ => None,
        }
    }
}

/// A name a file brings in from elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// The name it is known by in the file (`*` for a Rust glob import or a TypeScript
    /// `export * from`).
    pub local: String,
    /// Rust: the `use` path (`crate::commands::INIT`, `super::*`). TypeScript: the module
    /// specifier (`./constants.js`).
    pub path: String,
    /// TypeScript: the name exported by the module (`default`, `*` for a namespace import).
    pub exported: String,
    /// The inline modules the `use` stands in (Rust).
    pub scope: Vec<String>,
    /// TypeScript `export … from`: the file exports the name too.
    pub reexport: bool,
}

/// What one file defines and imports, and what it shows of MCP.
#[derive(Clone, Debug, Default)]
pub struct FileIndex {
    pub path: String,
    pub lang: Option<Lang>,
    pub defs: Vec<Def>,
    pub imports: Vec<Import>,
    /// Inline modules it declares (`mod commands { … }`), by path within the file.
    pub modules: Vec<Vec<String>>,
    /// The file speaks MCP on its own (see [`crate::context::FileContext`]).
    pub mcp: bool,
    /// Distinct MCP method names with a `/` the file writes as literals: two or more mark a
    /// dispatcher, a client or protocol types.
    pub methods: usize,
}

impl FileIndex {
    /// Whether the file shows its package is MCP code: it imports an SDK or names two or more
    /// MCP methods.
    pub fn is_mcp_evidence(&self) -> bool {
        self.mcp && self.methods >= 2
    }
}

pub use build::{build, hands_on_to, removed_verb};

/// Whether a string constant's value can matter to a rule: it holds one of the values rules
/// read (a method, a header, a protocol revision, the MCP path; see
/// [`crate::analyze::IndexTokens`]), compared without case.
pub fn meaningful_str(value: &str, holds_value: &dyn Fn(&str) -> bool) -> bool {
    ENVELOPE_KEYS.contains(&value) || (!value.is_empty() && value.len() <= 256 && holds_value(value))
}

/// The keys of a JSON-RPC message, which hand-written code names with constants
/// (`{KEY_METHOD: McpMethod.PING, JSONRPC_KEY: "2.0"}`): resolved, they make the message the
/// rules read.
const ENVELOPE_KEYS: &[&str] = &["jsonrpc", "method", "id"];

/// Whether an integer constant can matter to a rule: a code of the JSON-RPC reserved range.
pub fn meaningful_int(value: i64) -> bool {
    (-32768..=-32000).contains(&value)
}
