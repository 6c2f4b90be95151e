//! The bad-input matrix: nothing a repository can hold crashes the analyzer, loses a file or
//! disturbs the findings in the other files.
//!
//! Every case writes a generated input next to a known legacy file and asserts the exit code,
//! the reason under `not_analyzed` when the input was not analyzed, and that the legacy file's
//! finding is still reported.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// One legacy finding that must survive every bad neighbour: MCP102 at line 2, column 25.
const GOOD: &str =
    "import x from '@modelcontextprotocol/sdk/server/index.js';\nconst sid = req.headers['mcp-session-id'];\n";

struct Case {
    dir: PathBuf,
}

impl Case {
    fn new(name: &str) -> Case {
        let dir = std::env::temp_dir().join(format!("mcpshift-robust-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        if let Err(e) = std::fs::create_dir_all(&dir) {
            panic!("{e}");
        }
        let case = Case { dir };
        case.write("good.ts", GOOD.as_bytes());
        case
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    fn write(&self, rel: &str, bytes: &[u8]) {
        let p = self.path(rel);
        if let Some(parent) = p.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if let Err(e) = std::fs::write(&p, bytes) {
            panic!("{}: {e}", p.display());
        }
    }

    fn run(&self, extra: &[&str]) -> (Output, Value) {
        let mut args = vec!["check", ".", "--format", "json"];
        args.extend_from_slice(extra);
        let out = run_in(&self.dir, &args, false);
        let doc = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        (out, doc)
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        let _ = Command::new("chmod").args(["-R", "u+rwx"]).arg(&self.dir).output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn run_in(dir: &Path, args: &[&str], unprivileged: bool) -> Output {
    let bin = env!("CARGO_BIN_EXE_mcpshift");
    let mut cmd = if unprivileged && is_root() {
        // Root reads any file whatever its mode; drop to `nobody` so permissions apply.
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
        c
    } else {
        Command::new(bin)
    };
    match cmd.args(args).current_dir(dir).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run mcpshift: {e}"),
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

fn findings(doc: &Value) -> Vec<(String, String, u64, u64)> {
    doc["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            (
                f["rule"].as_str().unwrap_or_default().to_string(),
                f["path"].as_str().unwrap_or_default().to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["column"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

fn reason(doc: &Value, path: &str) -> Option<String> {
    doc["not_analyzed"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|n| n["path"] == path)
        .and_then(|n| n["reason"].as_str().map(str::to_string))
}

fn assert_good_survives(doc: &Value) {
    let f = findings(doc);
    assert!(f.contains(&("MCP102".into(), "good.ts".into(), 2, 25)), "the good file's finding is gone: {f:?}");
}

/// A file that was not analyzed: exit 1, listed with a reason containing `why`, the good file intact.
fn assert_not_analyzed(case: &Case, file: &str, why: &str, extra: &[&str]) {
    let (out, doc) = case.run(extra);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let r = reason(&doc, file);
    assert!(
        r.as_deref().is_some_and(|r| r.contains(why)),
        "{file}: expected a reason with {why:?}, got {r:?} in {doc}"
    );
    assert_good_survives(&doc);
}

#[test]
fn invalid_utf8_and_nul_bytes() {
    let case = Case::new("encoding");
    case.write("latin1.ts", b"const caf\xe9 = 1;\n");
    case.write("nul.js", b"const a = 1;\0\0\0\xff\xfebinary");
    assert_not_analyzed(&case, "latin1.ts", "not valid UTF-8", &[]);
    assert_not_analyzed(&case, "nul.js", "NUL byte", &[]);
}

/// A NUL byte written as itself in a string or comment of valid UTF-8 is text: the file is
/// analyzed, and its findings keep their places.
#[test]
fn nul_bytes_in_text_are_analyzed() {
    let case = Case::new("nul-text");
    case.write(
        "keys.ts",
        b"// inputs like \"a\0b\"\nconst key = (a: string, b: string) => `${a}\0${b}`;\nres.setHeader('Mcp-Session-Id', id);\n",
    );
    let (_, doc) = case.run(&[]);
    assert_eq!(reason(&doc, "keys.ts"), None, "{doc}");
    let f = findings(&doc);
    assert!(f.contains(&("MCP102".into(), "keys.ts".into(), 3, 15)), "{f:?}");
}

#[test]
fn byte_order_marks_and_line_endings_keep_positions() {
    let case = Case::new("bom");
    let mut utf8_bom = b"\xEF\xBB\xBF".to_vec();
    utf8_bom.extend_from_slice(GOOD.as_bytes());
    case.write("bom8.ts", &utf8_bom);
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in GOOD.encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    case.write("bom16.ts", &utf16);
    case.write("crlf.ts", GOOD.replace('\n', "\r\n").as_bytes());
    case.write("cr.ts", GOOD.replace('\n', "\r").as_bytes());
    case.write("crlf.rs", b"fn f(h: &H) {\r\n    // a comment\r\n    let s = h.get(\"mcp-session-id\");\r\n}\r\n");
    let (out, doc) = case.run(&[]);
    assert_eq!(out.status.code(), Some(1));
    let f = findings(&doc);
    for file in ["bom8.ts", "bom16.ts", "crlf.ts", "cr.ts"] {
        assert!(f.contains(&("MCP102".into(), file.into(), 2, 25)), "{file}: {f:?}");
    }
    assert!(f.contains(&("MCP102".into(), "crlf.rs".into(), 3, 19)), "{f:?}");
    assert_eq!(doc["summary"]["files_not_analyzed"], 0, "{doc}");
}

#[test]
fn syntax_errors() {
    let case = Case::new("syntax");
    // TypeScript recovers: the finding after the broken statement is still reported.
    case.write("broken.ts", b"function broken( {\n  return 1 +;\n}\nres.setHeader('Mcp-Session-Id', id);\n");
    // A trigger token (here in a comment) sends the file to the parser; see below for one without.
    case.write("broken.rs", b"fn main() {\n    let x = ;\n    // Mcp-Session-Id\n}\n");
    case.write("untriggered.rs", b"fn main() {\n    let x = ;\n}\n");
    // The same error in a function body that holds no token and that nothing read names.
    case.write("unread.rs", b"fn main() {\n    let x = ;\n}\n// Mcp-Session-Id\n");
    let (out, doc) = case.run(&[]);
    assert_eq!(out.status.code(), Some(1));
    let f = findings(&doc);
    assert!(f.iter().any(|(r, p, l, _)| r == "MCP102" && p == "broken.ts" && *l == 4), "{f:?}");
    assert!(reason(&doc, "broken.ts").is_none());
    let r = reason(&doc, "broken.rs").unwrap_or_default();
    assert!(r.contains("syntax error"), "{r}");
    let na = doc["not_analyzed"].as_array().into_iter().flatten().find(|n| n["path"] == "broken.rs");
    assert_eq!(na.map(|n| (n["line"].as_u64(), n["column"].as_u64())), Some((Some(2), Some(13))), "{doc}");
    // A file with no trigger token of any rule cannot hold a finding: it is scanned, counted
    // as analyzed and never parsed, so its syntax error is not reported.
    assert!(reason(&doc, "untriggered.rs").is_none(), "{doc}");
    // Likewise a function body that holds no token: it is left unread (see `prefilter::Hits`).
    assert!(reason(&doc, "unread.rs").is_none(), "{doc}");
    let (_, whole) = case.run(&["--no-prefilter"]);
    assert!(reason(&whole, "unread.rs").unwrap_or_default().contains("syntax error"), "{whole}");
    assert_good_survives(&doc);
}

#[test]
fn pathological_nesting() {
    let case = Case::new("nesting");
    let depth = 100_000;
    // A bracket a line: one line of 200,000 brackets would be a minified bundle, not analyzed.
    let ts =
        format!("const a = {}1{};\nres.setHeader('Mcp-Session-Id', a);\n", "(\n".repeat(depth), ")\n".repeat(depth));
    case.write("parens.ts", ts.as_bytes());
    // Each file carries a trigger token so that the prefilter sends it to the parser.
    let trigger = "// mcp-session-id\n";
    case.write("arrays.ts", format!("const b = {}{};\n{trigger}", "[\n".repeat(depth), "]\n".repeat(depth)).as_bytes());
    case.write("blocks.js", format!("{}{}\n{trigger}", "{\n".repeat(depth), "}\n".repeat(depth)).as_bytes());
    case.write(
        "parens.rs",
        format!("fn f() {{ let a = {}1{}; }}\n{trigger}", "(".repeat(depth), ")".repeat(depth)).as_bytes(),
    );
    case.write("blocks.rs", format!("fn f() {}{}\n{trigger}", "{".repeat(depth), "}".repeat(depth)).as_bytes());
    // Just below the limit, Rust files parse on the analysis threads' own stack.
    let near = 990;
    let rust_near = [
        ("near-parens.rs", format!("fn f() {{ let a = {}1{}; }}\n{trigger}", "(".repeat(near), ")".repeat(near))),
        ("near-generics.rs", format!("type T = {}u8{};\n{trigger}", "A<".repeat(near), ">".repeat(near))),
        ("near-blocks.rs", format!("fn f() {}{}\n{trigger}", "{ if a ".repeat(near / 2), "{}}".repeat(near / 2))),
    ];
    for (name, text) in &rust_near {
        case.write(name, text.as_bytes());
    }
    let (out, doc) = case.run(&["--max-file-size", "10000000"]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let f = findings(&doc);
    assert!(f.iter().any(|(r, p, l, _)| r == "MCP102" && p == "parens.ts" && *l == 2 * 100_000 + 2), "{f:?}");
    for ts in ["arrays.ts", "blocks.js"] {
        assert!(reason(&doc, ts).is_none(), "{ts} was not analyzed: {doc}");
    }
    for (rs, _) in &rust_near {
        assert!(reason(&doc, rs).is_none(), "{rs} was not analyzed: {doc}");
    }
    for rs in ["parens.rs", "blocks.rs"] {
        let r = reason(&doc, rs).unwrap_or_default();
        assert!(r.contains("nesting deeper than"), "{rs}: {r}");
    }
    assert_good_survives(&doc);
}

#[test]
fn huge_files_respect_the_size_cap() {
    let case = Case::new("huge");
    let line = "var a=1;".repeat(50 * 1024 * 1024 / 8);
    case.write("bundle.js", line.as_bytes());
    assert_not_analyzed(&case, "bundle.js", "size limit", &[]);
    let many = "const x = 1;\n".repeat(1_000_000);
    case.write("lines.ts", format!("{many}res.setHeader('Mcp-Session-Id', x);\n").as_bytes());
    let (_, doc) = case.run(&["--max-file-size", "100000000"]);
    let f = findings(&doc);
    assert!(f.contains(&("MCP102".into(), "lines.ts".into(), 1_000_001, 15)), "{:?}", &f[..f.len().min(5)]);
    // Under the raised cap the one-line bundle is read; it is build output, not refused for size.
    let r = reason(&doc, "bundle.js").unwrap_or_default();
    assert!(r.contains("minified") && !r.contains("size"), "{r}");
}

#[test]
fn minified_bundles_are_listed_not_analyzed() {
    let case = Case::new("minified");
    // A vendored SDK bundle: a few enormous lines that mention removed methods.
    let body = "var a=function(t){return t.method===\"resources/subscribe\"?1:0};".repeat(800);
    let bundle = format!("var Bundle=(()=>{{{body}}})();\nvar b=\"notifications/roots/list_changed\";\n");
    case.write("assets/sdk-vendored.js", bundle.as_bytes());
    assert_not_analyzed(&case, "assets/sdk-vendored.js", "minified", &[]);
    // One that holds nothing any rule looks for is not analyzed either, with or without the
    // prefilter: the listing does not depend on what the file mentions.
    let plain = format!("var Plain=(()=>{{{}}})();\n", "var a=function(t){return t+1};".repeat(800));
    case.write("assets/plain-vendored.js", plain.as_bytes());
    assert_not_analyzed(&case, "assets/plain-vendored.js", "minified", &[]);
    assert_eq!(case.run(&[]).1, case.run(&["--no-prefilter"]).1);
    let (_, doc) = case.run(&[]);
    let f = findings(&doc);
    assert!(
        f.iter().all(|(rule, path, ..)| rule == "MCP000" || path != "assets/sdk-vendored.js"),
        "findings inside a minified bundle: {f:?}"
    );
    // Ordinary source with one long line (a data URI), and a module that is mostly a base64
    // image on a few lines: neither is a bundle, and the header read after it is found.
    let import = "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n";
    let read = "res.setHeader('Mcp-Session-Id', id);\n";
    let icon = format!(
        "{import}const icon = 'data:image/png;base64,{}';\n{}{read}",
        "A".repeat(40_000),
        "const x = 1;\n".repeat(40)
    );
    let image =
        format!("{import}export const trace = 'data:image/png;base64,{}';\n{read}", "iVBORw0KGgo+/".repeat(4000));
    case.write("src/icon.ts", icon.as_bytes());
    case.write("src/images.ts", image.as_bytes());
    let (_, doc) = case.run(&[]);
    for (path, line) in [("src/icon.ts", 43), ("src/images.ts", 3)] {
        assert!(reason(&doc, path).is_none(), "{path}: {doc}");
        assert!(findings(&doc).contains(&("MCP102".into(), path.into(), line, 15)), "{path}: {doc}");
    }
}

#[test]
fn file_system_faults() {
    let case = Case::new("fs");
    case.write("locked/inner.ts", GOOD.as_bytes());
    case.write("secret.ts", GOOD.as_bytes());
    let _ = Command::new("chmod").arg("000").arg(case.path("secret.ts")).output();
    let _ = Command::new("chmod").arg("000").arg(case.path("locked")).output();
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        let _ = symlink("nowhere.ts", case.path("dangling.ts"));
        let _ = symlink("loop2.ts", case.path("loop1.ts"));
        let _ = symlink("loop1.ts", case.path("loop2.ts"));
        let _ = symlink(".", case.path("selfdir"));
        let _ = Command::new("mkfifo").arg(case.path("pipe.ts")).output();
    }
    // Make the directory readable for the unprivileged run.
    let _ = Command::new("chmod").arg("755").arg(&case.dir).output();
    let out = run_in(&case.dir, &["check", ".", "--format", "json"], true);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(reason(&doc, "secret.ts").is_some_and(|r| r.contains("permission denied")), "{doc}");
    assert!(reason(&doc, "locked").is_some_and(|r| r.contains("permission denied")), "{doc}");
    for link in ["dangling.ts", "loop1.ts", "loop2.ts"] {
        assert!(reason(&doc, link).is_some_and(|r| r.contains("symbolic link")), "{link}: {doc}");
    }
    assert!(reason(&doc, "pipe.ts").is_some_and(|r| r.contains("not a regular file")), "{doc}");
    assert_good_survives(&doc);
}

#[cfg(unix)]
#[test]
fn odd_paths() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let case = Case::new("paths");
    let bad = case.dir.join(OsStr::from_bytes(b"bad\xffname.ts"));
    if let Err(e) = std::fs::write(&bad, GOOD) {
        panic!("{e}");
    }
    // A deep path of about 3,000 bytes (below PATH_MAX, far above usual paths).
    let deep: String = (0..14).map(|i| format!("{}{i:02}/", "d".repeat(200))).collect();
    case.write(&format!("{deep}deep.ts"), GOOD.as_bytes());
    let (out, doc) = case.run(&[]);
    assert_eq!(out.status.code(), Some(1));
    let f = findings(&doc);
    assert!(
        f.iter().any(|(r, p, l, _)| r == "MCP102" && p.starts_with("bad") && p.ends_with("name.ts") && *l == 2),
        "{f:?}"
    );
    assert!(
        f.iter().any(|(r, p, l, _)| r == "MCP102" && p.ends_with("/deep.ts") && p.len() > 2800 && *l == 2),
        "{f:?}"
    );
    assert_good_survives(&doc);
}

#[test]
fn a_panicking_rule_is_isolated_to_its_file() {
    let case = Case::new("panic");
    case.write("victim.ts", GOOD.as_bytes());
    let (out, doc) = case.run(&["--inject-panic", "victim"]);
    assert_eq!(out.status.code(), Some(2), "an internal error must say the run is incomplete");
    let r = reason(&doc, "victim.ts").unwrap_or_default();
    assert!(r.contains("internal error") && r.contains("injected fault"), "{r}");
    assert_eq!(doc["not_analyzed"].as_array().map(|a| a.iter().filter(|n| n["internal"] == true).count()), Some(1));
    assert_good_survives(&doc);
}

#[test]
fn bad_arguments_are_one_line_errors() {
    let case = Case::new("args");
    for args in [
        vec!["check", ".", "--select", "MCP999"],
        vec!["check", ".", "--ignore", "no-such-rule"],
        vec!["check", "missing-dir"],
        vec!["check", ".", "--jobs", "many"],
        vec!["check", ".", "--fail-on", "sometimes"],
    ] {
        let out = run_in(&case.dir, &args, false);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// Python takes the same bad inputs: not UTF-8 is not analyzed; syntax errors, tabs mixed with
/// spaces, deep nesting and one enormous line are analyzed as far as tree-sitter recovers, and
/// the finding after them is still reported.
#[test]
fn python_bad_inputs() {
    let case = Case::new("python");
    case.write("latin1.py", b"caf\xe9 = 1\n");
    let read = "sid = request.headers.get('mcp-session-id')\n";
    case.write("broken.py", format!("def broken(:\n    return 1 +\n{read}").as_bytes());
    case.write("tabs.py", format!("def f():\n\tif x:\n        return 1\n{read}").as_bytes());
    let depth = 50_000;
    case.write("nested.py", format!("a = {}1{}\n{read}", "(\n".repeat(depth), ")\n".repeat(depth)).as_bytes());
    case.write("oneline.py", format!("a = [{}]; {read}", "1, ".repeat(400_000)).as_bytes());
    // A tab and spaces that indent one block differently (CPython's `TabError`), and a dedent
    // to a level that never opened.
    case.write("dedent.py", format!("if a:\n\tx = 1\n        y = 2\n  z = 3\n{read}").as_bytes());
    // Deep expressions of every nesting kind, a level a line.
    let deep = 20_000;
    let nestings = [
        ("calls.py", format!("a = {}1{}\n", "f(\n".repeat(deep), ")\n".repeat(deep))),
        ("lists.py", format!("a = {}1{}\n", "[\n".repeat(deep), "]\n".repeat(deep))),
        ("dicts.py", format!("a = {}1{}\n", "{'k':\n".repeat(deep), "}\n".repeat(deep))),
        ("nots.py", format!("a = ({}b)\n", "not\n".repeat(deep))),
        ("sums.py", format!("a = (1{})\n", "\n+ 1".repeat(deep))),
        ("lambdas.py", format!("a = ({}1)\n", "lambda:\n".repeat(deep))),
        ("subscripts.py", format!("a = b{}\n", "[\n0]".repeat(deep))),
    ];
    for (name, text) in &nestings {
        case.write(name, format!("{text}{read}").as_bytes());
    }
    // A stub file, with a byte-order mark and CRLF line ends.
    case.write("stub.pyi", format!("\u{feff}def f() -> None: ...\r\n{}", read.replace('\n', "\r\n")).as_bytes());
    let (out, doc) = case.run(&["--max-file-size", "10000000"]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(reason(&doc, "latin1.py").is_some_and(|r| r.contains("not valid UTF-8")), "{doc}");
    let f = findings(&doc);
    let mut expected = vec![
        ("broken.py", 3),
        ("tabs.py", 4),
        ("dedent.py", 5),
        ("nested.py", 2 * depth as u64 + 2),
        ("oneline.py", 1),
        ("stub.pyi", 2),
    ];
    for (name, text) in &nestings {
        expected.push((name, text.lines().count() as u64 + 1));
    }
    for (file, line) in expected {
        assert!(reason(&doc, file).is_none(), "{file} was not analyzed: {doc}");
        assert!(f.iter().any(|(r, p, l, _)| r == "MCP102" && p == file && *l == line), "{file}: {f:?}");
    }
    assert_good_survives(&doc);
    // The prefilter decides nothing differently on any of them: byte-identical output.
    let (_, whole) = case.run(&["--max-file-size", "10000000", "--no-prefilter"]);
    assert_eq!(doc, whole, "--no-prefilter changed the report");
    // Under a size cap below it the enormous line is listed, and the rest goes on.
    let (out, doc) = case.run(&["--max-file-size", "1000000"]);
    assert_eq!(out.status.code(), Some(1));
    let r = reason(&doc, "oneline.py").unwrap_or_default();
    assert!(r.contains("size limit") || r.contains("minified"), "{r}");
    assert!(findings(&doc).iter().any(|(r, p, ..)| r == "MCP000" && p == "oneline.py"), "{doc}");
    assert_good_survives(&doc);
}
