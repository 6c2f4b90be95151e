//! Front ends: parse a file once and lower it into the neutral [`Tree`](crate::tree::Tree).

pub mod python;
pub mod rust;
pub mod typescript;

/// Why a file could not be lowered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFailure {
    pub reason: String,
    /// Byte offset of the error, when the parser gave one.
    pub offset: Option<usize>,
}

/// Deepest bracket nesting a front end accepts. Real code stays far below; generated or
/// hostile input above it is refused instead of risking the stack of a recursive parser.
pub const MAX_NESTING: usize = 1000;

/// Progress callbacks (one per ~100 parse operations) a tree-sitter parse may take for any file,
/// and per byte.
const PARSE_STEP_BUDGET_BASE: u64 = 20_000;
const PARSE_STEPS_PER_BYTE: u64 = 1;

/// Parses `text` with a tree-sitter parser under a bounded budget. Error recovery can explode on
/// hostile input (found by fuzzing): tree-sitter calls back every hundred or so parse
/// operations, and the parse is abandoned past a budget that real code never comes near.
/// Counting operations, not time, keeps the outcome the same on every machine.
pub fn parse_bounded(parser: &mut tree_sitter::Parser, text: &str) -> Result<tree_sitter::Tree, ParseFailure> {
    let budget = PARSE_STEP_BUDGET_BASE + text.len() as u64 * PARSE_STEPS_PER_BYTE;
    let mut steps = 0u64;
    let mut progress = |_: &tree_sitter::ParseState| {
        steps += 1;
        if steps > budget {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    };
    let bytes = text.as_bytes();
    let mut input = |offset: usize, _: tree_sitter::Point| bytes.get(offset..).unwrap_or(&[]);
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut progress);
    let tree = parser.parse_with_options(&mut input, None, Some(options));
    tree.ok_or_else(|| {
        // A halted parse resumes on the next call unless the parser is reset.
        parser.reset();
        let reason = if steps > budget {
            "the parser's error recovery ran away on this input (pathological syntax)"
        } else {
            "the parser gave up on this file"
        };
        ParseFailure { reason: reason.into(), offset: None }
    })
}

/// Trees for unit tests, panicking with the reason when the source does not lower.
#[cfg(test)]
pub(crate) mod testing {
    use crate::source::SourceFile;
    use crate::tree::Tree;

    pub fn ts(src: &str) -> Tree {
        match super::typescript::lower(&SourceFile::new(src.to_string()), super::typescript::Dialect::TypeScript) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        }
    }

    pub fn py(src: &str) -> Tree {
        match super::python::lower(&SourceFile::new(src.to_string())) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        }
    }

    pub fn rs(src: &str) -> Tree {
        match super::rust::lower(&SourceFile::new(src.to_string())) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        }
    }
}
