//! Rust front end (being written).
use super::ParseFailure;
use crate::source::SourceFile;
use crate::tree::Tree;

pub fn lower(_source: &SourceFile) -> Result<Tree, ParseFailure> {
    Err(ParseFailure { reason: "Rust front end unavailable".into(), offset: None })
}
