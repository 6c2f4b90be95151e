//! Edits that several rules' fixes share, built on the syntax tree: adding entries to an
//! object literal, removing an element of a list or an item of a comma-separated string. Each
//! is written in the style of the code around it (its quotes, indentation and line endings),
//! and each gives up (`None`) where the source around the node is not the shape it expects.

use crate::fix::Edit;
use crate::source::SourceFile;
use crate::tree::{flags, Kind, Lang, NodeRef};

/// A value written into code by a fix.
#[derive(Clone, Copy, Debug)]
pub enum Literal<'a> {
    Str(&'a str),
    Int(i64),
}

/// The line ending of the line holding `at`: `\r\n` in a CRLF file, `\n` otherwise.
pub fn line_ending(source: &SourceFile, at: usize) -> &'static str {
    let bytes = source.text().as_bytes();
    let from = at.min(bytes.len());
    match bytes.get(from..).and_then(|rest| rest.iter().position(|&b| b == b'\n')) {
        Some(i) if from + i > 0 && bytes.get(from + i - 1) == Some(&b'\r') => "\r\n",
        Some(_) => "\n",
        // The last line: the line before it says.
        None => match bytes.get(..from).and_then(|head| head.iter().rposition(|&b| b == b'\n')) {
            Some(i) if i > 0 && bytes.get(i - 1) == Some(&b'\r') => "\r\n",
            _ => "\n",
        },
    }
}

/// The indentation (leading spaces and tabs) of the line holding `at`.
pub fn indentation(source: &SourceFile, at: usize) -> &str {
    let line = source.position(at).line;
    let text = source.line_text(line);
    let end = text.find(|c: char| c != ' ' && c != '\t').unwrap_or(text.len());
    text.get(..end).unwrap_or("")
}

fn same_line(source: &SourceFile, a: usize, b: usize) -> bool {
    source.position(a).line == source.position(b).line
}

/// The quote the file writes strings with: the first string literal's (or quoted key's), in the
/// node or else anywhere in the file; `"` in Rust.
pub fn quote_of(near: NodeRef<'_>, source: &SourceFile) -> char {
    if near.tree().lang() == Lang::Rust {
        return '"';
    }
    let quote = |n: NodeRef<'_>| {
        (n.kind() == Kind::Str || (n.kind() == Kind::Pair && n.has_flag(flags::STRING_KEY)))
            .then(|| source.slice(n.start(), n.end()).chars().next())
            .flatten()
            .filter(|c| matches!(c, '\'' | '"'))
    };
    near.descendants().find_map(quote).or_else(|| near.tree().nodes().find_map(quote)).unwrap_or('\'')
}

/// `key: value` as the object writes its entries: quoted keys where its keys are quoted (always
/// in a Rust `json!`), strings in the file's quotes.
fn entry(key: &str, value: Literal<'_>, quote: char, quoted_keys: bool) -> String {
    let key = if quoted_keys { format!("{quote}{key}{quote}") } else { key.to_string() };
    match value {
        Literal::Str(s) => format!("{key}: {quote}{s}{quote}"),
        Literal::Int(i) => format!("{key}: {i}"),
    }
}

/// Adds entries at the end of an object literal (TS `{…}` or a Rust `json!` object): after
/// its last entry on the same line, or each on its own line with the last entry's indentation
/// when the object spans lines, keeping a trailing comma where the object has one.
pub fn insert_entries(source: &SourceFile, object: NodeRef<'_>, entries: &[(&str, Literal<'_>)]) -> Option<Edit> {
    // A Rust struct expression (`CallToolResult { … }`) has no place for arbitrary keys.
    if object.kind() != Kind::Object || !object.text().is_empty() || entries.is_empty() {
        return None;
    }
    let text = source.text();
    let (open, close) = object.span();
    if text.get(open..open + 1) != Some("{") || close == 0 || text.get(close - 1..close) != Some("}") {
        return None;
    }
    let rust = object.tree().lang() == Lang::Rust;
    let quote = quote_of(object, source);
    let quoted_keys = rust || object.children().any(|p| p.kind() == Kind::Pair && p.has_flag(flags::STRING_KEY));
    let written: Vec<String> = entries.iter().map(|(k, v)| entry(k, *v, quote, quoted_keys)).collect();
    let Some(last) = object.children().last() else {
        // `{}`: nothing but space between the braces.
        let inside = text.get(open + 1..close - 1)?;
        if !inside.trim().is_empty() {
            return None;
        }
        return Some(Edit::replace((open, close), format!("{{ {} }}", written.join(", "))));
    };
    let gap = text.get(last.end()..close - 1)?;
    let after_space = gap.len() - gap.trim_start().len();
    let trailing_comma = gap.trim_start().starts_with(',');
    if same_line(source, open, last.start()) {
        return Some(Edit::insert(last.end(), written.iter().map(|e| format!(", {e}")).collect::<String>()));
    }
    let eol = line_ending(source, last.end());
    let indent = indentation(source, last.start());
    if trailing_comma {
        let at = last.end() + after_space + 1;
        Some(Edit::insert(at, written.iter().map(|e| format!("{eol}{indent}{e},")).collect::<String>()))
    } else {
        Some(Edit::insert(last.end(), written.iter().map(|e| format!(",{eol}{indent}{e}")).collect::<String>()))
    }
}

/// Whether the text between two list elements is only a separator: space and one comma.
fn separator_only(gap: &str) -> bool {
    gap.chars().all(|c| c == ',' || c.is_whitespace()) && gap.matches(',').count() == 1
}

/// Removes one element of a list (an array literal's element) with its separator, so that the
/// elements around it keep their layout: up to the next element, or for the last one from the
/// end of the one before. `None` for the only element, and where a comment sits next to it.
pub fn remove_element(source: &SourceFile, elem: NodeRef<'_>) -> Option<Edit> {
    let list = elem.parent()?;
    let siblings: Vec<NodeRef<'_>> = list.children().collect();
    let i = siblings.iter().position(|s| s.id() == elem.id())?;
    let text = source.text();
    if let Some(next) = siblings.get(i + 1) {
        separator_only(text.get(elem.end()..next.start())?).then(|| Edit::delete((elem.start(), next.start())))
    } else {
        let prev = siblings.get(i.checked_sub(1)?)?;
        separator_only(text.get(prev.end()..elem.start())?).then(|| Edit::delete((prev.end(), elem.end())))
    }
}

/// Removes the item `item` (compared without case) from a string literal that holds a
/// comma-separated list (`'Content-Type, Mcp-Session-Id'`), with the separator before or after
/// it, keeping the spacing of the rest. `None` when the literal has escapes (its source is not
/// its value), holds the item other than exactly once, or holds nothing else.
pub fn remove_list_item(source: &SourceFile, literal: NodeRef<'_>, item: &str) -> Option<Edit> {
    if literal.kind() != Kind::Str {
        return None;
    }
    let written = source.slice(literal.start(), literal.end());
    let quote = written.chars().next().filter(|c| matches!(c, '\'' | '"' | '`'))?;
    let inner = written.strip_prefix(quote)?.strip_suffix(quote)?;
    if inner != literal.text() {
        return None;
    }
    let base = literal.start() + quote.len_utf8();
    // Each item's trimmed byte range inside the literal.
    let mut items: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    for piece in inner.split(',') {
        let lead = piece.len() - piece.trim_start().len();
        let trimmed = piece.trim();
        items.push((from + lead, from + lead + trimmed.len()));
        from += piece.len() + 1;
    }
    let matching: Vec<usize> = (0..items.len())
        .filter(|&k| items.get(k).and_then(|(s, e)| inner.get(*s..*e)).is_some_and(|t| t.eq_ignore_ascii_case(item)))
        .collect();
    let ([k], true) = (matching.as_slice(), items.len() > 1) else { return None };
    let (start, end) = *items.get(*k)?;
    let range = match items.get(k + 1) {
        Some((next, _)) => (start, *next),
        None => (items.get(k.checked_sub(1)?)?.1, end),
    };
    Some(Edit::delete((base + range.0, base + range.1)))
}

/// Removes the statement that is only this call (through `await`, `void`, `.await` and `?`) with
/// its line: `await client.ping();`, `client.ping().await?;`. `None` when the call's value is
/// used, or when anything else (a comment, another statement) shares the statement's lines.
pub fn remove_call_statement(source: &SourceFile, call: NodeRef<'_>) -> Option<Edit> {
    if call.kind() != Kind::Call {
        return None;
    }
    let mut stmt = call;
    while let Some(parent) =
        stmt.parent().filter(|p| p.kind() == Kind::Unary && matches!(p.text(), "await" | "void" | "?"))
    {
        stmt = parent;
    }
    let block = stmt.parent()?;
    if stmt.role() != crate::tree::Role::Stmt || !matches!(block.kind(), Kind::Block | Kind::Module) {
        return None;
    }
    // The only statement of its block: the block (a keep-alive `try`, a timer's callback) was
    // there for the call, and what becomes of it is a decision, not an edit.
    if !block.children().any(|s| s.role() == crate::tree::Role::Stmt && s.id() != stmt.id()) {
        return None;
    }
    let text = source.text();
    let rest = text.get(stmt.end()..)?;
    let after_space = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let semicolon = rest.get(after_space..).is_some_and(|r| r.starts_with(';'));
    // A Rust statement without `;` is the block's value.
    if !semicolon && call.tree().lang() == Lang::Rust {
        return None;
    }
    let end = stmt.end() + if semicolon { after_space + 1 } else { 0 };
    let (first, _) = source.line_range(source.position(stmt.start()).line)?;
    let (_, last_end) = source.line_range(source.position(end).line)?;
    let blank = |s: Option<&str>| s.is_some_and(|s| s.trim().is_empty());
    if !blank(text.get(first..stmt.start())) || !blank(text.get(end..last_end)) {
        return None;
    }
    // Up to the next line's start: the statement's lines and their line ending go.
    let next = text.get(last_end..).map_or(last_end, |r| {
        last_end + if r.starts_with("\r\n") { 2 } else { usize::from(r.starts_with('\n') || r.starts_with('\r')) }
    });
    Some(Edit::delete((first, next)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fix::apply;

    fn ts(text: &str) -> (SourceFile, crate::tree::Tree) {
        let source = SourceFile::new(text.to_string());
        match crate::lang::typescript::lower(&source, crate::lang::typescript::Dialect::TypeScript) {
            Ok(tree) => (source, tree),
            Err(e) => panic!("{}", e.reason),
        }
    }

    fn first(tree: &crate::tree::Tree, kind: Kind) -> NodeRef<'_> {
        match tree.nodes().find(|n| n.kind() == kind) {
            Some(n) => n,
            None => panic!("no {kind:?}"),
        }
    }

    fn inserted(text: &str) -> String {
        let (source, tree) = ts(text);
        let object = first(&tree, Kind::Object);
        let edit =
            insert_entries(&source, object, &[("ttlMs", Literal::Int(0)), ("cacheScope", Literal::Str("private"))]);
        match edit {
            Some(e) => apply(text, &[e]).unwrap_or_else(|e| panic!("{e}")),
            None => "none".to_string(),
        }
    }

    #[test]
    fn entries_follow_the_object_layout() {
        assert_eq!(
            inserted("const r = { tools: [] };\n"),
            "const r = { tools: [], ttlMs: 0, cacheScope: 'private' };\n"
        );
        assert_eq!(inserted("const r = {};\n"), "const r = { ttlMs: 0, cacheScope: 'private' };\n");
        assert_eq!(
            inserted("const r = { \"tools\": [] };\n"),
            "const r = { \"tools\": [], \"ttlMs\": 0, \"cacheScope\": \"private\" };\n"
        );
        assert_eq!(
            inserted("const r = {\n    tools: [],\n};\n"),
            "const r = {\n    tools: [],\n    ttlMs: 0,\n    cacheScope: 'private',\n};\n"
        );
        assert_eq!(
            inserted("const r = {\r\n\ttools: [x]\r\n};\r\n"),
            "const r = {\r\n\ttools: [x],\r\n\tttlMs: 0,\r\n\tcacheScope: 'private'\r\n};\r\n"
        );
        assert_eq!(inserted("const r = { /* none */ };\n"), "none");
    }

    #[test]
    fn elements_go_with_their_separator() {
        let remove = |text: &str, value: &str| {
            let (source, tree) = ts(text);
            let elem = match tree.nodes().find(|n| n.kind() == Kind::Str && n.text() == value) {
                Some(n) => n,
                None => panic!("no {value}"),
            };
            remove_element(&source, elem).map(|e| apply(text, &[e]).unwrap_or_else(|e| panic!("{e}")))
        };
        assert_eq!(remove("x = ['a', 'b', 'c'];", "b").as_deref(), Some("x = ['a', 'c'];"));
        assert_eq!(remove("x = ['a', 'b', 'c'];", "c").as_deref(), Some("x = ['a', 'b'];"));
        assert_eq!(remove("x = [\n  'a',\n  'b',\n];", "b").as_deref(), Some("x = [\n  'a',\n];"));
        assert_eq!(remove("x = [\n  'a',\n  'b',\n  'c',\n];", "a").as_deref(), Some("x = [\n  'b',\n  'c',\n];"));
        assert_eq!(remove("x = ['a'];", "a"), None);
        assert_eq!(remove("x = ['a' /* keep */, 'b'];", "a"), None);
    }

    #[test]
    fn list_items_go_with_their_separator() {
        let remove = |text: &str| {
            let (source, tree) = ts(text);
            let literal = first(&tree, Kind::Str);
            remove_list_item(&source, literal, "mcp-session-id")
                .map(|e| apply(text, &[e]).unwrap_or_else(|e| panic!("{e}")))
        };
        assert_eq!(remove("h = 'A, Mcp-Session-Id, B';").as_deref(), Some("h = 'A, B';"));
        assert_eq!(remove("h = 'A,Mcp-Session-Id';").as_deref(), Some("h = 'A';"));
        assert_eq!(remove("h = \"Mcp-Session-Id,  B\";").as_deref(), Some("h = \"B\";"));
        assert_eq!(remove("h = 'Mcp-Session-Id';"), None);
        assert_eq!(remove("h = 'A, Mcp-Session-Id, mcp-session-id';"), None);
        assert_eq!(remove("h = 'A,\\u0020Mcp-Session-Id';"), None);
    }

    #[test]
    fn call_statements_go_with_their_line() {
        let remove = |text: &str| {
            let (source, tree) = ts(text);
            let call = match tree.nodes().find(|n| n.kind() == Kind::Call && n.call_name() == Some("ping")) {
                Some(n) => n,
                None => panic!("no call"),
            };
            remove_call_statement(&source, call).map(|e| apply(text, &[e]).unwrap_or_else(|e| panic!("{e}")))
        };
        assert_eq!(remove("a();\n  await client.ping();\nb();\n").as_deref(), Some("a();\nb();\n"));
        assert_eq!(remove("a();\r\n  client.ping()\r\nb();\r\n").as_deref(), Some("a();\r\nb();\r\n"));
        assert_eq!(remove("a();\n  void client.ping();"), Some("a();\n".to_string()));
        assert_eq!(remove("try {\n  await client.ping();\n} catch {}\n"), None);
        assert_eq!(remove("const x = await client.ping();\n"), None);
        assert_eq!(remove("await client.ping(); // keep alive\n"), None);
        assert_eq!(remove("a(); await client.ping();\n"), None);
        assert_eq!(remove("client.ping().catch(() => {});\n"), None);
    }

    #[test]
    fn line_endings_and_indentation_come_from_the_line() {
        let source = SourceFile::new("a\r\n  b\r\nc".to_string());
        assert_eq!(line_ending(&source, 4), "\r\n");
        assert_eq!(line_ending(&source, 9), "\r\n");
        assert_eq!(indentation(&source, 5), "  ");
        assert_eq!(line_ending(&SourceFile::new("a\nb".to_string()), 0), "\n");
    }
}
