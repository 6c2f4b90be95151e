//! mcpshift: finds what must change in MCP servers and clients for the 2026-07-28 revision.

pub mod lang;
pub mod source;
pub mod tree;
