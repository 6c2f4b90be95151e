//! MCP402 `reserved-error-code`: error codes inside the JSON-RPC server-error range that the
//! 2026-07-28 allocation policy reserves for the spec (−32020…−32099, warning) or closes to new
//! codes (−32000…−32019, note).
//!
//! The ranges, the numbers other rules own and the words that make a call an error constructor
//! are data in the rule's document; the code here decides where a number is used as an error
//! code. One pass over the file: literals in error-code positions, constants defined with such
//! numbers, and comparisons of a received code with such a constant.

use std::collections::HashSet;

use crate::engine::FileCx;
use crate::patterns::{constant_key, constant_value, int_constants, is_branch_operand};
use crate::rules::{Level, Rule, RuleMeta};
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &ReservedErrorCode;

struct ReservedErrorCode;

impl Rule for ReservedErrorCode {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        Vec::new()
    }

    fn check_file(&self, cx: &mut FileCx<'_>) {
        if !cx.mcp() {
            return;
        }
        let data = Data::of(cx.meta());
        let root = cx.tree.root();
        let constants = int_constants(root);
        // Constants the file uses as error codes: their definitions count.
        let mut used_as_code: HashSet<(String, String)> = HashSet::new();
        for node in root.descendants() {
            if matches!(node.kind(), Kind::Ident | Kind::Member) && data.error_code_use(node).is_some() {
                if let Some(key) = constant_key(node) {
                    used_as_code.insert(key);
                }
            }
        }
        for node in root.descendants() {
            match node.kind() {
                Kind::Num => {
                    let Some(v) = node.int() else { continue };
                    let Some(level) = data.level(v) else { continue };
                    if let Some(use_) = data.error_code_use(node) {
                        if use_ == Use::Branch && data.client_local(v, node) {
                            continue;
                        }
                        report(cx, node, level, &use_.describe(&v.to_string()), &data);
                    } else if let Some(def) = definition(node) {
                        let key = (container_of(def), def.text().to_string());
                        if data.is_sdk_local(def.text())
                            || data.bounds_a_range(def.text())
                            || !(data.names_code(def) || used_as_code.contains(&key))
                        {
                            continue;
                        }
                        let what = format!("defines error code `{}` = {v}", def.text());
                        report(cx, def, level, &what, &data);
                    }
                }
                Kind::Ident | Kind::Member if is_branch_operand(node) => {
                    let Some(v) = constant_value(&constants, node) else { continue };
                    let Some(level) = data.level(v) else { continue };
                    if data.error_code_use(node) == Some(Use::Branch) {
                        let name = cx.text(node).to_string();
                        report(cx, node, level, &Use::Branch.describe(&format!("`{name}` ({v})")), &data);
                    }
                }
                _ => {}
            }
        }
    }
}

fn report(cx: &mut FileCx<'_>, node: NodeRef<'_>, level: Level, what: &str, data: &Data) {
    if !data.speaks_mcp(node, cx.path) {
        return;
    }
    let message = match level {
        Level::Note => format!("{what}, from the legacy -32000…-32019 range that is closed to new codes"),
        _ => format!("{what}, inside the -32020…-32099 range the spec reserves for its own codes"),
    };
    let transport = http_rejection(node);
    let diag = cx.report(node, message).with_level(level);
    if transport {
        diag.with_hint(TRANSPORT_HINT);
    } else if level == Level::Note {
        diag.with_hint(data.note_hint.clone());
    }
}

/// The hint for an error code on an HTTP rejection, where no application code is wanted.
const TRANSPORT_HINT: &str = "This answers the HTTP request with an error status: keep the status and use a standard \
     JSON-RPC code in the body (-32600 Invalid Request for a request the endpoint refuses, -32601 for an unknown \
     method, -32700 for a body that does not parse), not a code from -32000…-32099.";

/// Whether an error code is sent with an HTTP error status, as a transport rejection:
/// `res.status(400).json({ error: { code } })`, `createJsonErrorResponse(405, code, …)`,
/// `(StatusCode::BAD_REQUEST, Json(json!({ "error": { "code": … } })))`, `new Response(…,
/// { status: 415 })`.
fn http_rejection(code: NodeRef<'_>) -> bool {
    let is_status = |n: NodeRef<'_>| {
        n.int().is_some_and(|v| (400..=599).contains(&v))
            || (matches!(n.kind(), Kind::Member | Kind::Ident)
                && n.path_segments().iter().any(|s| *s == "StatusCode" || *s == "HttpStatus"))
    };
    for anc in code.ancestors() {
        match anc.kind() {
            Kind::Fn | Kind::Block | Kind::Module => return false,
            Kind::Call => {
                if anc.args().any(is_status) {
                    return true;
                }
                // `res.status(400).json(…)`, `res.writeHead(405).end(…)`.
                if anc.receiver().is_some_and(|r| {
                    r.chain().any(|c| {
                        c.kind() == Kind::Call
                            && matches!(c.call_name(), Some("status" | "writeHead" | "code"))
                            && c.args().any(is_status)
                    })
                }) {
                    return true;
                }
                if anc.args().any(|a| a.kind() == Kind::Object && a.field("status").is_some_and(is_status)) {
                    return true;
                }
            }
            Kind::Array if anc.children().any(is_status) => return true,
            _ => {}
        }
    }
    false
}

/// How a number is used as an error code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Use {
    /// Put into an error: a constructor argument, an error object's `code`.
    Emit,
    /// Compared with a received code.
    Branch,
}

impl Use {
    fn describe(self, code: &str) -> String {
        match self {
            Use::Emit => format!("emits error code {code}"),
            Use::Branch => format!("branches on error code {code}"),
        }
    }
}

/// The rule's data, read once per file from its document.
struct Data {
    warning: (i64, i64),
    spec_codes: Vec<i64>,
    note: (i64, i64),
    others: Vec<i64>,
    sdk_local: Vec<String>,
    call_words: Vec<String>,
    constructors: Vec<String>,
    reader_words: Vec<String>,
    code_keys: Vec<String>,
    name_words: Vec<String>,
    name_prefixes: Vec<String>,
    /// Assertions: an error object given to one is an expected value, not an error sent.
    assertions: &'static [&'static str],
    note_hint: String,
    range_bound_words: Vec<String>,
    other_protocols: Vec<String>,
    client_local_codes: Vec<i64>,
    client_local_imports: &'static [&'static str],
}

impl Data {
    fn of(meta: &'static RuleMeta) -> Data {
        let ints = |key: &str| meta.data_ints(key).to_vec();
        let strings = |key: &str| -> Vec<String> {
            meta.data
                .get(key)
                .and_then(|v| v.as_array())
                .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_ascii_lowercase)).collect())
                .unwrap_or_default()
        };
        let range = |key: &str| -> (i64, i64) {
            let v = ints(key);
            match (v.iter().min(), v.iter().max()) {
                (Some(&lo), Some(&hi)) => (lo, hi),
                _ => (1, 0),
            }
        };
        Data {
            warning: range("spec_reserved"),
            spec_codes: ints("spec_codes"),
            note: range("legacy_range"),
            others: ints("owned_by_other_rules"),
            sdk_local: strings("sdk_local_names"),
            call_words: strings("error_call_words"),
            constructors: strings("error_call_constructors"),
            reader_words: strings("error_call_reader_words"),
            code_keys: strings("code_keys"),
            name_words: strings("code_name_words"),
            name_prefixes: strings("code_name_prefixes"),
            assertions: meta.data_strings("assertion_calls"),
            note_hint: "Allocate application error codes outside -32768…-32000; no new codes may be allocated in \
                        -32000…-32019."
                .to_string(),
            range_bound_words: strings("range_bound_words"),
            other_protocols: strings("other_protocols"),
            client_local_codes: ints("client_local_codes"),
            client_local_imports: meta.data_strings("client_local_imports"),
        }
    }

    /// The level for a code, or `None` when this rule does not report it.
    fn level(&self, v: i64) -> Option<Level> {
        if self.others.contains(&v) || self.spec_codes.contains(&v) {
            None
        } else if (self.warning.0..=self.warning.1).contains(&v) {
            Some(Level::Warning)
        } else if (self.note.0..=self.note.1).contains(&v) {
            Some(Level::Note)
        } else {
            None
        }
    }

    fn is_sdk_local(&self, name: &str) -> bool {
        self.sdk_local.contains(&name.to_ascii_lowercase())
    }

    /// Whether a constant's name says it bounds the range (`SERVER_ERROR_END`).
    fn bounds_a_range(&self, name: &str) -> bool {
        crate::patterns::name_words(name).iter().any(|w| self.range_bound_words.contains(w))
    }

    /// A comparison in a TS v1 client with the code its SDK raises itself
    /// (`if (err.code !== -32000)` for `ConnectionClosed`): not a code a server sent.
    fn client_local(&self, v: i64, node: NodeRef<'_>) -> bool {
        self.client_local_codes.contains(&v) && crate::patterns::client_side(node, self.client_local_imports, &[])
    }

    /// Whether a number sits where MCP's codes apply: not in an error object, constructor or
    /// folder of another JSON-RPC protocol (`A2aError { code }` in `src/a2a/`), and not in a
    /// test double that plays a 2025 server (its codes are what a client must accept), nor one
    /// the test asserts is never reached.
    fn speaks_mcp(&self, node: NodeRef<'_>, path: &str) -> bool {
        // By word (`a2a_client`, `A2aError`), or as the start of the name (`A2AError`).
        let other = |name: &str| {
            let lower = name.to_ascii_lowercase();
            crate::patterns::name_words(name).iter().any(|w| self.other_protocols.contains(w))
                || self.other_protocols.iter().any(|p| lower.starts_with(p.as_str()))
        };
        let dirs = path.rsplit('/').skip(1);
        if dirs.clone().any(other) {
            return false;
        }
        let mut cur = node;
        for _ in 0..4 {
            let Some(p) = cur.parent() else { break };
            let named = match p.kind() {
                Kind::Object => other(p.text()),
                Kind::Call => p.callee().is_some_and(|c| c.path_segments().iter().any(|s| other(s))),
                _ => false,
            };
            if named {
                return false;
            }
            cur = p;
        }
        if crate::test_code::asserted_unreached(node) {
            return false;
        }
        !crate::test_code::in_test(node, path)
            || crate::test_code::plays_modern_server(crate::test_code::double_scope(node))
    }

    /// Whether a constant's name (or its enum's name) says it is an error code.
    fn names_code(&self, def: NodeRef<'_>) -> bool {
        let says = |name: &str| {
            let n = name.to_ascii_lowercase();
            self.name_words.iter().any(|w| n.contains(w.as_str())) || self.name_prefixes.iter().any(|p| n.starts_with(p.as_str()))
        };
        says(def.text()) || (def.kind() == Kind::Field && says(&container_of(def)))
    }

    /// Whether an expression is used as an error code, and how.
    fn error_code_use(&self, node: NodeRef<'_>) -> Option<Use> {
        let parent = node.parent()?;
        // A branch of a conditional code (`code: status === 500 ? -32603 : -32000`, Rust
        // `if … { -32603 } else { -32000 }`) is used as the conditional is.
        if parent.kind() == Kind::If && matches!(node.role(), Role::Then | Role::Else) {
            return self.error_code_use(parent);
        }
        if parent.kind() == Kind::Block && parent.children().count() == 1 {
            if let Some(branch) = parent.parent().filter(|i| i.kind() == Kind::If && matches!(parent.role(), Role::Then | Role::Else)) {
                return self.error_code_use(branch);
            }
        }
        match (node.role(), parent.kind()) {
            // `ErrorCode(-32050)` in a `match` arm is compared, not emitted; in an assertion
            // (`assert_eq!(err.code, ErrorCode(-32000))`) it is expected, like an error object.
            (Role::Arg, Kind::Call) if self.is_error_call(parent) => {
                if crate::patterns::in_expected_value(parent, self.assertions) {
                    None
                } else {
                    Some(if in_pattern(parent) { Use::Branch } else { Use::Emit })
                }
            }
            (Role::Value, Kind::Pair) if self.is_code_key(parent.text()) => {
                let object = parent.parent().filter(|o| o.kind() == Kind::Object)?;
                // `expect(body).toMatchObject({ error: { code: -32000 } })` states what another
                // part of the code (or the SDK) emits; that part is reported where it emits.
                (self.is_error_object(object) && !crate::patterns::in_expected_value(object, self.assertions))
                    .then_some(Use::Emit)
            }
            (Role::Left | Role::Right, Kind::Binary) if matches!(parent.text(), "==" | "===" | "!=" | "!==") => {
                parent.children().filter(|c| c.id() != node.id()).any(|c| self.reads_code(c)).then_some(Use::Branch)
            }
            (Role::Pattern, Kind::Case) => {
                let scrutinee = parent.parent().and_then(|s| s.child(Role::Scrutinee))?;
                self.reads_code(scrutinee).then_some(Use::Branch)
            }
            _ => None,
        }
    }

    fn is_code_key(&self, key: &str) -> bool {
        self.code_keys.contains(&key.to_ascii_lowercase())
    }

    /// `new McpError(…)`, `ErrorCode(…)`, `createJsonErrorResponse(…)`, `JsonRpcError::new(…)`.
    fn is_error_call(&self, call: NodeRef<'_>) -> bool {
        let Some(callee) = call.callee() else { return false };
        let segments = callee.path_segments();
        let Some(last) = segments.last().map(|s| s.to_ascii_lowercase()) else { return false };
        let names_error = |s: &str| self.call_words.iter().any(|w| s.contains(w.as_str()));
        if names_error(&last) {
            return !self.reader_words.contains(&first_word(segments.last().copied().unwrap_or_default()));
        }
        self.constructors.contains(&last)
            && segments.len() >= 2
            && segments.get(segments.len() - 2).is_some_and(|s| names_error(&s.to_ascii_lowercase()))
    }

    /// An object with the shape of a JSON-RPC error: it has a `message`, sits under an `error`
    /// key, is an error struct, or is passed to an error constructor.
    fn is_error_object(&self, object: NodeRef<'_>) -> bool {
        if object.keys().any(|k| k == "message") || object.text().to_ascii_lowercase().contains("error") {
            return true;
        }
        match object.parent() {
            Some(p) if p.kind() == Kind::Pair => p.text().eq_ignore_ascii_case("error"),
            Some(p) if p.kind() == Kind::Call && object.role() == Role::Arg => self.is_error_call(p),
            _ => false,
        }
    }

    /// `e.code`, `error.code`, `code`, `errorCode`, rmcp `err.code.0`.
    fn reads_code(&self, expr: NodeRef<'_>) -> bool {
        if !matches!(expr.kind(), Kind::Ident | Kind::Member | Kind::Call | Kind::Unary | Kind::Index) {
            return false;
        }
        let segments = expr.path_segments();
        let n = segments.len();
        let ends_code = |s: &str| s.to_ascii_lowercase().ends_with("code");
        match segments.last() {
            Some(&"0") => n >= 2 && segments.get(n - 2).is_some_and(|s| ends_code(s)),
            Some(last) => ends_code(last),
            None => false,
        }
    }
}

/// Whether a node is part of a `match` / `case` pattern.
fn in_pattern(node: NodeRef<'_>) -> bool {
    std::iter::once(node)
        .chain(node.ancestors())
        .take_while(|n| !matches!(n.kind(), Kind::Case | Kind::Fn | Kind::Block | Kind::Module))
        .any(|n| n.role() == Role::Pattern)
}

/// The first word of a camelCase or snake_case name, lowercased (`classifyProtocolSpecError` →
/// `classify`, `rpc_error` → `rpc`, `McpError` → `mcp`).
fn first_word(name: &str) -> String {
    let trimmed = name.trim_start_matches('_');
    let mut out = String::new();
    for (i, c) in trimmed.char_indices() {
        if c == '_' || (i > 0 && c.is_ascii_uppercase()) {
            break;
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The constant or enum member a literal initializes: `const X = -32050`, `X = -32050` in an
/// enum.
fn definition(num: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let parent = num.parent()?;
    (num.role() == Role::Init && matches!(parent.kind(), Kind::Var | Kind::Field) && !parent.text().is_empty())
        .then_some(parent)
}

fn container_of(def: NodeRef<'_>) -> String {
    def.parent().filter(|p| p.kind() == Kind::Container).map(|c| c.text().to_string()).unwrap_or_default()
}
