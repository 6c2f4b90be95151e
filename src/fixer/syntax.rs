//! Whether an edited file still parses, by its language's own front end.

use std::path::Path;

use crate::discover::FileKind;
use crate::source::SourceFile;

/// The first syntax error of `text` as the file at `path` (by its name), or `None` when it
/// parses. TypeScript, JavaScript and Python count any error or missing token tree-sitter
/// recovers from; Rust is what `syn` accepts; manifests are JSON or TOML.
pub fn error(path: &Path, text: &str) -> Option<String> {
    match FileKind::of(path)? {
        FileKind::TypeScript(dialect) => {
            let mut parser = match crate::lang::typescript::new_parser(dialect) {
                Ok(p) => p,
                Err(e) => return Some(e.reason),
            };
            let tree = match crate::lang::parse_bounded(&mut parser, text) {
                Ok(t) => t,
                Err(e) => return Some(e.reason),
            };
            tree_error(tree.root_node(), text)
        }
        FileKind::Python => {
            let mut parser = match crate::lang::python::new_parser() {
                Ok(p) => p,
                Err(e) => return Some(e.reason),
            };
            let tree = match crate::lang::parse_bounded(&mut parser, text) {
                Ok(t) => t,
                Err(e) => return Some(e.reason),
            };
            tree_error(tree.root_node(), text)
        }
        FileKind::Rust => crate::lang::rust::lower(&SourceFile::new(text.to_string())).err().map(|e| e.reason),
        FileKind::Manifest => {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if name == "package.json" {
                serde_json::from_str::<serde_json::Value>(text).err().map(|e| e.to_string())
            } else if name.ends_with(".toml") || name == "Pipfile" {
                toml::from_str::<toml::Table>(text).err().map(|e| e.message().to_string())
            } else {
                // requirements files, setup.cfg and lock files: no fix edits them.
                None
            }
        }
    }
}

/// Where a tree-sitter tree has its first error or missing token, if anywhere.
fn tree_error(root: tree_sitter::Node<'_>, text: &str) -> Option<String> {
    if !root.has_error() {
        return None;
    }
    let at = first_error(root).map(|n| n.start_byte()).unwrap_or(0);
    let p = SourceFile::new(text.to_string()).position(at);
    Some(format!("syntax error at {}:{}", p.line, p.column))
}

/// The first node in document order that is an error or a missing token.
fn first_error(node: tree_sitter::Node<'_>) -> Option<tree_sitter::Node<'_>> {
    let mut cursor = node.walk();
    loop {
        let n = cursor.node();
        if n.is_error() || n.is_missing() {
            return Some(n);
        }
        // Descend only into subtrees that hold the error.
        if n.has_error() && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_reports_its_syntax_errors() {
        assert_eq!(error(Path::new("a.ts"), "const a = -32602;\n"), None);
        assert!(error(Path::new("a.ts"), "const a = ;\n").is_some_and(|e| e.contains("1:")));
        assert_eq!(error(Path::new("a.rs"), "const A: i32 = -32602;\n"), None);
        assert!(error(Path::new("a.rs"), "const A: i32 = ;\n").is_some());
        assert_eq!(error(Path::new("package.json"), "{\"a\": 1}"), None);
        assert!(error(Path::new("package.json"), "{\"a\": }").is_some());
        assert!(error(Path::new("Cargo.toml"), "[package\n").is_some());
        assert_eq!(error(Path::new("notes.txt"), "anything"), None);
    }
}
