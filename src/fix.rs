//! Fixes: the edits that migrate the code a finding points at, attached to the finding.
//!
//! As in ruff, a fix is a set of byte-range edits in the finding's own file, classed
//! [`Applicability::Safe`] (the behaviour the code intended is kept under 2026-07-28) or
//! [`Applicability::Unsafe`] (the recommended migration, which changes behaviour, so a person
//! reads it). Rules compute edits on the syntax tree's byte ranges, never by searching text.

pub use crate::rules::Applicability;

/// Replaces the bytes `range` of the file with `content` (an insertion when the range is
/// empty, a deletion when the content is).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edit {
    pub range: (usize, usize),
    pub content: String,
}

impl Edit {
    pub fn replace(range: (usize, usize), content: impl Into<String>) -> Self {
        Edit { range, content: content.into() }
    }

    pub fn insert(at: usize, content: impl Into<String>) -> Self {
        Edit { range: (at, at), content: content.into() }
    }

    pub fn delete(range: (usize, usize)) -> Self {
        Edit { range, content: String::new() }
    }
}

/// The edits that fix one finding, all in the finding's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub applicability: Applicability,
    /// What the fix does, in one line (`Replace -32002 with -32602`).
    pub message: String,
    /// Sorted by start, not overlapping.
    pub edits: Vec<Edit>,
}

impl Fix {
    pub fn safe(message: impl Into<String>, edits: Vec<Edit>) -> Self {
        Fix::new(Applicability::Safe, message, edits)
    }

    pub fn unsafe_edit(message: impl Into<String>, edits: Vec<Edit>) -> Self {
        Fix::new(Applicability::Unsafe, message, edits)
    }

    fn new(applicability: Applicability, message: impl Into<String>, mut edits: Vec<Edit>) -> Self {
        edits.sort();
        edits.dedup();
        Fix { applicability, message: message.into(), edits }
    }

    /// The bytes the fix touches, from the first edit's start to the last edit's end.
    pub fn span(&self) -> Option<(usize, usize)> {
        let start = self.edits.iter().map(|e| e.range.0).min()?;
        let end = self.edits.iter().map(|e| e.range.1).max()?;
        Some((start, end))
    }
}

/// The line ending a file uses: `"\r\n"` when its first line ends so, else `"\n"`. Text a fix
/// inserts that spans lines joins them with it, so a CRLF file stays CRLF.
pub fn line_ending(text: &str) -> &'static str {
    match memchr::memchr(b'\n', text.as_bytes()) {
        Some(i) if i > 0 && text.as_bytes().get(i - 1) == Some(&b'\r') => "\r\n",
        _ => "\n",
    }
}

/// `content` with each `\n` written as the file's own line ending (see [`line_ending`]).
pub fn with_line_ending(text: &str, content: &str) -> String {
    match line_ending(text) {
        "\n" => content.to_string(),
        eol => content.replace("\r\n", "\n").replace('\n', eol),
    }
}

/// Applies sorted, non-overlapping edits to `text`. An edit out of bounds, off a character
/// boundary or overlapping the one before it is an error, and nothing is applied.
pub fn apply(text: &str, edits: &[Edit]) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        let (start, end) = e.range;
        if start < at || end < start || end > text.len() {
            return Err(format!("edit {start}..{end} overlaps another or lies outside the file"));
        }
        if !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            return Err(format!("edit {start}..{end} splits a character"));
        }
        out.push_str(&text[at..start]);
        out.push_str(&e.content);
        at = end;
    }
    out.push_str(&text[at..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_replacements_insertions_and_deletions() {
        let text = "code: -32002, x";
        let edits =
            [Edit::insert(0, "{ "), Edit::replace((6, 12), "-32602"), Edit::delete((12, 15)), Edit::insert(15, " }")];
        assert_eq!(apply(text, &edits).as_deref(), Ok("{ code: -32602 }"));
    }

    #[test]
    fn refuses_overlaps_bounds_and_split_characters() {
        assert!(apply("abcdef", &[Edit::replace((0, 3), "x"), Edit::replace((2, 4), "y")]).is_err());
        assert!(apply("abc", &[Edit::replace((2, 9), "x")]).is_err());
        assert!(apply("é", &[Edit::replace((1, 2), "x")]).is_err());
    }

    #[test]
    fn inserted_lines_take_the_files_line_ending() {
        assert_eq!(line_ending("a\r\nb\n"), "\r\n");
        assert_eq!(line_ending("a\nb\r\n"), "\n");
        assert_eq!(line_ending("no newline"), "\n");
        assert_eq!(with_line_ending("a\r\n", "x\ny\r\nz"), "x\r\ny\r\nz");
        assert_eq!(with_line_ending("a\n", "x\ny"), "x\ny");
    }

    #[test]
    fn fixes_sort_their_edits() {
        let fix = Fix::safe("m", vec![Edit::insert(9, "b"), Edit::insert(2, "a")]);
        assert_eq!(fix.edits[0].range, (2, 2));
        assert_eq!(fix.span(), Some((2, 9)));
    }
}
