//! Source text and positions: byte offsets to 1-based lines and code-point columns.

/// A 1-based line and a 1-based column counted in Unicode code points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

/// A file's text with the offsets at which its lines start. `\n`, `\r\n` and a lone `\r` all
/// end a line, as they do in editors.
#[derive(Debug)]
pub struct SourceFile {
    text: String,
    line_starts: Vec<u32>,
}

impl SourceFile {
    pub fn new(text: String) -> Self {
        let mut line_starts = vec![0u32];
        let bytes = text.as_bytes();
        // Line ends are found with SIMD; `\r\n` is one end, a lone `\r` is one too.
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            let crlf_first_half = bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n');
            if !crlf_first_half {
                line_starts.push(to_u32(i + 1));
            }
        }
        SourceFile { text, line_starts }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn into_text(self) -> String {
        self.text
    }

    /// The bytes the file holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.text.capacity() + self.line_starts.capacity() * std::mem::size_of::<u32>()
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The position of a byte offset (clamped to the text, and moved back to a char boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while offset > 0 && !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = match self.line_starts.binary_search(&to_u32(offset)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.line_starts.get(line).copied().unwrap_or(0) as usize;
        let column = self.text.get(start..offset).map_or(0, |s| s.chars().count());
        Position { line: to_u32(line + 1), column: to_u32(column + 1) }
    }

    /// The byte range of a 1-based line, without its line terminator.
    pub fn line_range(&self, line: u32) -> Option<(usize, usize)> {
        let idx = (line as usize).checked_sub(1)?;
        let start = *self.line_starts.get(idx)? as usize;
        let mut end = self.line_starts.get(idx + 1).map_or(self.text.len(), |&e| e as usize);
        let bytes = self.text.as_bytes();
        while end > start && matches!(bytes.get(end - 1), Some(b'\n' | b'\r')) {
            end -= 1;
        }
        Some((start, end))
    }

    /// The text of a 1-based line, without its terminator.
    pub fn line_text(&self, line: u32) -> &str {
        self.line_range(line).and_then(|(s, e)| self.text.get(s..e)).unwrap_or("")
    }

    /// The byte offset of a 1-based line and a 0-based column counted in chars.
    pub fn offset_of(&self, line: usize, char_column: usize) -> usize {
        let Some(idx) = line.checked_sub(1) else { return 0 };
        let Some(&start) = self.line_starts.get(idx) else { return self.text.len() };
        let start = start as usize;
        let rest = self.text.get(start..).unwrap_or("");
        rest.char_indices().nth(char_column).map_or(self.text.len(), |(i, _)| start + i)
    }

    pub fn slice(&self, start: usize, end: usize) -> &str {
        self.text.get(start..end).unwrap_or("")
    }
}

fn to_u32(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_code_points_and_all_line_endings() {
        let s = SourceFile::new("ab\r\ncé\rx\ny".to_string());
        assert_eq!(s.position(0), Position { line: 1, column: 1 });
        assert_eq!(s.position(4), Position { line: 2, column: 1 });
        // `é` is two bytes: the column after it is 3.
        assert_eq!(s.position(7), Position { line: 2, column: 3 });
        assert_eq!(s.position(8), Position { line: 3, column: 1 });
        assert_eq!(s.position(10), Position { line: 4, column: 1 });
        assert_eq!(s.line_text(2), "cé");
        assert_eq!(s.offset_of(2, 1), 5);
        assert_eq!(s.line_count(), 4);
    }
}
