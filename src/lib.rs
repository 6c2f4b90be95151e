//! mcpshift: finds what must change in MCP servers and clients for the 2026-07-28 revision.
//!
//! The data flow, top to bottom: [`discover`] files → read and [`prefilter`] → parse once and
//! lower into the neutral [`tree`] ([`lang`]) → run every enabled rule in one pass
//! ([`engine`], [`rules`]) → project-level rules → collect and sort ([`check`]) → render
//! ([`report`]).

pub mod analyze;
pub mod baseline;
pub mod changed;
pub mod check;
pub mod cli;
pub mod config;
pub mod context;
pub mod crash;
pub mod diagnostic;
pub mod discover;
pub mod docs;
pub mod engine;
pub mod era_scope;
pub mod fix;
pub mod fixer;
pub mod index;
pub mod init;
pub mod lang;
pub mod manifest;
pub mod manpage;
pub mod packages;
pub mod patterns;
pub mod prefilter;
pub mod probe;
pub mod project;
pub mod python_manifests;
pub mod report;
pub mod results;
pub mod rewrite;
pub mod root;
pub mod rules;
pub mod schedule;
pub mod schema;
pub mod source;
pub mod suggest;
pub mod suppress;
pub mod test_code;
pub mod tree;
pub mod unanalyzed;
