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
