//! Property tests: legacy patterns embedded at random places in generated programs are each
//! found at their exact position, and nothing else is reported.

use mcpshift::check::check_source;
use mcpshift::engine::Target;
use proptest::prelude::*;

/// A statement carrying one legacy pattern: the rule it must trigger and the column (1-based,
/// after the indentation) where the finding starts.
struct Pattern {
    code: &'static str,
    rule: &'static str,
    column: usize,
}

const TS_HEADER: &str = "import { Server } from '@modelcontextprotocol/sdk/server/index.js';";

const TS_PATTERNS: &[Pattern] = &[
    Pattern { code: "res.setHeader('Mcp-Session-Id', sid);", rule: "MCP102", column: 15 },
    Pattern { code: "const last = req.headers['last-event-id'];", rule: "MCP103", column: 26 },
    Pattern { code: "await client.ping();", rule: "MCP301", column: 14 },
    Pattern { code: "server.setRequestHandler(SetLevelRequestSchema, onLevel);", rule: "MCP302", column: 26 },
    Pattern { code: "send({ jsonrpc: '2.0', id: 7, method: 'ping' });", rule: "MCP301", column: 39 },
];

/// Ordinary statements with no trigger of any rule.
const TS_FILLER: &[&str] = &[
    "const total = items.reduce((a, b) => a + b, 0);",
    "if (user.isAdmin) { grant(user); }",
    "for (const row of rows) { table.push(row.id); }",
    "let label = `count: ${count}`;",
    "export function area(w: number, h: number): number { return w * h; }",
    "const cfg = { retries: 3, timeoutMs: 5000, region: 'eu' };",
    "// a comment that mentions Mcp-Session-Id and ping is not code",
    "const message = 'ping the on-call engineer about the logging/setLevel change';",
    "switch (kind) { case 'a': run(); break; default: stop(); }",
    "class Point { constructor(public x = 0, public y = 0) {} }",
];

const RS_HEADER: &str = "use rmcp::model::ErrorCode;";

const RS_PATTERNS: &[Pattern] = &[
    Pattern { code: "let sid = headers.get(\"mcp-session-id\");", rule: "MCP102", column: 23 },
    Pattern {
        code: "let v = json!({\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"});",
        rule: "MCP301",
        column: 53,
    },
    Pattern { code: "let h = HEADER_LAST_EVENT_ID;", rule: "MCP103", column: 9 },
    Pattern { code: "client.set_level(params).await?;", rule: "MCP302", column: 8 },
];

const RS_FILLER: &[&str] = &[
    "let total: u64 = items.iter().sum();",
    "if user.is_admin { grant(&user); }",
    "for row in &rows { table.push(row.id); }",
    "let label = format!(\"count: {}\", count);",
    "// a comment that mentions Mcp-Session-Id and ping is not code",
    "let message = \"ping the on-call engineer about logging/setLevel\";",
    "let cfg = Config { retries: 3, timeout_ms: 5000 };",
    "match kind { Kind::A => run(), _ => stop() }",
];

/// Builds a program: the header, then the statements (filler or pattern) in a function body,
/// each with its own indentation. Returns the text and the expected (line, column, rule).
fn program(
    header: &str,
    open: &str,
    close: &str,
    statements: &[(bool, usize, usize)],
    patterns: &[Pattern],
    filler: &[&str],
) -> (String, Vec<(u32, u32, String)>) {
    let mut text = format!("{header}\n{open}\n");
    let mut expected = Vec::new();
    for (i, &(is_pattern, which, indent)) in statements.iter().enumerate() {
        let line = i as u32 + 3;
        let pad = " ".repeat(indent);
        if is_pattern {
            let p = &patterns[which % patterns.len()];
            text.push_str(&format!("{pad}{}\n", p.code));
            expected.push((line, (indent + p.column) as u32, p.rule.to_string()));
        } else {
            text.push_str(&format!("{pad}{}\n", filler[which % filler.len()]));
        }
    }
    text.push_str(close);
    text.push('\n');
    (text, expected)
}

fn found(path: &str, text: &str) -> Vec<(u32, u32, String)> {
    match check_source(path, text, Target::Modern) {
        Ok(diags) => diags.into_iter().map(|d| (d.start.line, d.start.column, d.rule.to_string())).collect(),
        Err(e) => panic!("{e}\n{text}"),
    }
}

fn statements() -> impl Strategy<Value = Vec<(bool, usize, usize)>> {
    prop::collection::vec((prop::bool::weighted(0.3), 0usize..100, 0usize..12), 1..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn typescript_patterns_are_found_where_they_are(stmts in statements()) {
        let (text, mut expected) = program(TS_HEADER, "export async function main() {", "}", &stmts, TS_PATTERNS, TS_FILLER);
        let mut actual = found("gen.ts", &text);
        expected.sort();
        actual.sort();
        prop_assert_eq!(actual, expected, "{}", text);
    }

    #[test]
    fn rust_patterns_are_found_where_they_are(stmts in statements()) {
        let (text, mut expected) = program(RS_HEADER, "async fn main() -> Result<(), E> {", "}", &stmts, RS_PATTERNS, RS_FILLER);
        let mut actual = found("gen.rs", &text);
        expected.sort();
        actual.sort();
        prop_assert_eq!(actual, expected, "{}", text);
    }
}
