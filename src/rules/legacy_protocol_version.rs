//! MCP204 `legacy-protocol-version`: a legacy revision string used as a protocol version, and
//! the SDK constants that choose one.
//!
//! A revision date is a protocol version only by where it stands, so each literal is traced up
//! to what holds it: a `protocolVersion` key, a `PROTOCOL_VERSION` constant, an
//! `MCP-Protocol-Version` header call, a `supportedVersions` list, a comparison with a version
//! expression, the return value of a `protocol_version()` function. The holder's name must say
//! "protocol" (or "version" in MCP code); a bare `version` next to a `name` is an
//! implementation's own version, not the protocol's. A list is reported once, at its first
//! legacy entry. The SDK constants are the rule's `[[match]]` list.

use crate::engine::FileCx;
use crate::patterns::{self, name_words as words};
use crate::rules::{Rule, RuleMeta};
use crate::tree::{Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &LegacyProtocolVersion;

struct LegacyProtocolVersion;

impl Rule for LegacyProtocolVersion {
    fn kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        let mut kinds = patterns::kinds(&meta.patterns);
        kinds.push(Kind::Str);
        kinds
    }

    /// Its own code reads every node it is offered.
    fn own_kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        self.kinds(meta)
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        if node.kind() == Kind::Str {
            check_literal(node, cx);
            return;
        }
        if check_resolved_list(node, cx) {
            return;
        }
        // Most names match none of the constants: that test is cheaper than the walks below,
        // and nothing is reported for a name that does not match.
        if node.kind() != Kind::Module && patterns::matching(node, cx).is_none() {
            return;
        }
        // A constant interpolated into a message chooses nothing; one listed next to legacy
        // literals is part of the list already reported.
        if node.ancestors().any(|a| a.kind() == Kind::Template) {
            return;
        }
        let versions = legacy_versions(cx);
        let in_reported_list =
            list_of(node).is_some_and(|a| a.children().any(|c| legacy_literal(c, versions).is_some()));
        if in_reported_list {
            return;
        }
        // A list of the SDK's constants is one thing too: reported once, at its first entry.
        if let Some(entries) = sdk_constant_list(node, cx) {
            if entries.first().is_some_and(|first| first.id() == node.id()) {
                let names: Vec<String> = entries.iter().map(|e| format!("`{}`", cx.text(*e))).collect();
                cx.report(node, format!("lists the SDK's legacy protocol versions ({})", names.join(", ")));
            }
            return;
        }
        patterns::check_unless(node, cx, project_constant);
    }
}

/// A constant of the SDK's name that the project declares itself, in this file or in a module
/// it imports by a relative path, is its own; a legacy literal in its definition is reported
/// there.
fn project_constant(n: NodeRef<'_>) -> bool {
    patterns::declaration_of(n).is_some_and(|d| d.kind() == Kind::Var && d.text() == n.text())
        || patterns::imported_from_project(n)
}

/// The SDK constants listed with `node` (`[ProtocolVersion::V_2025_11_25, V_2025_06_18]`,
/// `[LATEST_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS]`) when there are several.
fn sdk_constant_list<'t>(node: NodeRef<'t>, cx: &FileCx<'_>) -> Option<Vec<NodeRef<'t>>> {
    let entry = node.parent().filter(|p| p.kind() == Kind::Spread).unwrap_or(node);
    let array = list_of(entry)?;
    let entries: Vec<NodeRef<'t>> = array
        .children()
        .filter_map(|c| if c.kind() == Kind::Spread { c.children().next() } else { Some(c) })
        .filter(|e| {
            !project_constant(*e)
                && patterns::matching(*e, cx).is_some_and(|value| !patterns::states_migrated(*e, &value))
        })
        .collect();
    (entries.len() > 1).then_some(entries)
}

/// A use of a list constant of another place that holds legacy revisions
/// (`PROTOCOL_VERSIONS.last()`, `for v in SUPPORTED_VERSIONS`): the code chooses among them.
fn check_resolved_list(node: NodeRef<'_>, cx: &mut FileCx<'_>) -> bool {
    let Some(values) = node.resolved_strs() else { return false };
    let versions = legacy_versions(cx);
    let legacy: Vec<String> = values.iter().filter(|v| versions.contains(&v.as_str())).map(|v| format!("`{v}`")).collect();
    if legacy.is_empty() || patterns::in_negated_assertion(node) {
        return true;
    }
    let name = node.path().unwrap_or_else(|| node.text().to_string());
    cx.report(node, format!("chooses the protocol version from `{name}`, which lists legacy revisions ({})", legacy.join(", ")))
        .sends = true;
    true
}

fn legacy_versions(cx: &FileCx<'_>) -> &'static [&'static str] {
    cx.data("legacy_versions")
}

/// How a literal is used, found by walking up from it.
enum Use<'t> {
    /// Held by a key, variable, field or assignment target of this name.
    Named(String, Option<NodeRef<'t>>),
    /// Compared with (or matched against) an expression whose words are these.
    Compared(Vec<String>),
    /// An argument of a call, next to these sibling words (a header name) or inside a call
    /// whose name is these words; the header, when a sibling names `MCP-Protocol-Version`
    /// (`.header("MCP-Protocol-Version", "2025-11-25")`).
    Argument(Vec<String>, Option<&'t str>),
}

fn check_literal(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let versions = legacy_versions(cx);
    let value = node.text();
    // A test that the revision is gone states the migrated behaviour.
    if !versions.contains(&value) || patterns::in_negated_assertion(node) {
        return;
    }
    // A list is one thing: report it at its first legacy entry only.
    let list = list_of(node);
    if let Some(array) = list {
        let first = array.children().find(|c| legacy_literal(*c, versions).is_some());
        if first.is_some_and(|f| f.id() != patterns::converted(node, TRANSPARENT_CALLS).id()) {
            return;
        }
    }
    let mcp = cx.mcp();
    // A constant of another place named for the protocol version (`PROTOCOL_VERSION`,
    // resolved to its legacy value): its name says what the value is, wherever it goes.
    let named_by_constant = node
        .origin()
        .map(|o| o.written.rsplit([':', '.']).next().unwrap_or(&o.written).to_string())
        .filter(|n| is_version_words(&words(n), mcp));
    let usage = match (usage_of(node), &named_by_constant) {
        (Some(u), _) => u,
        (None, Some(n)) => Use::Named(n.clone(), None),
        (None, None) => return,
    };
    let message = match usage {
        Use::Named(name, object) => {
            let words = words(&name);
            // `{ name: 'weather', version: '2025-03-26' }` is the server's own version.
            let implementation_version = name == "version" && object.is_some_and(|o| o.keys().any(|k| k == "name"));
            // `{ appCapabilities, protocolVersion: '2024-11-05' }`: the MCP Apps extension's own
            // `ui/initialize` handshake between a host and a view, not the protocol's.
            let apps_handshake = object.is_some_and(|o| o.keys().any(|k| cx.data("mcp_apps_keys").contains(&k)));
            if implementation_version || apps_handshake || !(is_version_words(&words, mcp) || named_by_constant.is_some()) {
                return;
            }
            match list {
                Some(array) => format!("lists legacy protocol revisions ({}) in `{name}`", entries(array, versions)),
                None => format!("sets `{name}` to the legacy protocol revision `{value}`"),
            }
        }
        Use::Compared(words) => {
            if !is_version_words(&words, mcp) && named_by_constant.is_none() {
                return;
            }
            format!("compares the protocol version with the legacy revision `{value}`")
        }
        Use::Argument(words, header) => {
            if !is_version_words(&words, mcp) && named_by_constant.is_none() {
                return;
            }
            // `assert.equal(res.protocolVersion, '2025-03-26')`: the test pins what the code
            // negotiates; it changes with the code.
            let expected = patterns::in_expected_value(node, cx.data("assertion_calls"));
            match (list, expected) {
                (Some(array), true) => {
                    format!("a test expects the legacy protocol revisions ({})", entries(array, versions))
                }
                (Some(array), false) => {
                    format!("passes legacy protocol revisions ({}) as versions", entries(array, versions))
                }
                (None, true) => format!("a test expects the legacy protocol revision `{value}` as the version"),
                (None, false) => match header {
                    Some(h) => format!("sets the `{h}` header to the legacy protocol revision `{value}`"),
                    None => format!("passes the legacy protocol revision `{value}` as a version"),
                },
            }
        }
    };
    // What a function chooses, its callers choose (see `index::calls`).
    cx.report(node, message).sends = true;
}

/// The list literal an element stands in: an array, or Rust `vec![…]`, the element counted
/// with its conversions (`"2025-06-18".to_string()`).
fn list_of(node: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let node = patterns::converted(node, TRANSPARENT_CALLS);
    let parent = node.parent()?;
    match (node.role(), parent.kind()) {
        (Role::Elem, Kind::Array) => Some(parent),
        (Role::Arg, Kind::Macro) if parent.text() == "vec" => Some(parent),
        _ => None,
    }
}

/// The legacy revision a list entry holds, through its conversions.
fn legacy_literal<'t>(entry: NodeRef<'t>, versions: &[&str]) -> Option<&'t str> {
    let mut cur = entry;
    loop {
        match cur.kind() {
            Kind::Str => return versions.contains(&cur.text()).then(|| cur.text()),
            Kind::Call if cur.call_name().is_some_and(|n| TRANSPARENT_CALLS.contains(&n)) => {
                cur = cur.args().next().or_else(|| cur.receiver())?;
            }
            _ => return None,
        }
    }
}

fn entries(array: NodeRef<'_>, versions: &[&str]) -> String {
    array
        .children()
        .filter_map(|c| legacy_literal(c, versions))
        .map(|v| format!("`{v}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The header that carries the protocol version on HTTP requests.
const HEADER: &str = "MCP-Protocol-Version";

/// Calls that only wrap or convert a value: look through them to what holds the result.
const TRANSPARENT_CALLS: &[&str] = &[
    "from",
    "new",
    "Borrowed",
    "Owned",
    "Some",
    "Ok",
    "String",
    "to_string",
    "to_owned",
    "into",
    "from_static",
    "parse",
    "freeze",
];

/// What a literal (or a list holding it) stands for.
fn usage_of(node: NodeRef<'_>) -> Option<Use<'_>> {
    let mut cur = node;
    loop {
        let parent = cur.parent()?;
        match (cur.role(), parent.kind()) {
            (Role::Elem, Kind::Array) | (_, Kind::Spread) => cur = parent,
            (Role::Arg, Kind::Macro) if parent.text() == "vec" => cur = parent,
            // The tail expression of a function body is its return value.
            (Role::Stmt, Kind::Block)
                if parent.role() == Role::Body
                    && parent.parent().is_some_and(|f| f.kind() == Kind::Fn)
                    && parent.children().last().is_some_and(|l| l.id() == cur.id()) =>
            {
                let f = parent.parent()?;
                return Some(Use::Named(patterns::function_name(f).to_string(), None));
            }
            (Role::Then | Role::Else, Kind::If) => cur = parent,
            (_, Kind::Unary) => cur = parent,
            (_, Kind::Binary) if matches!(parent.text(), "??" | "||" | "|" | "&&") => cur = parent,
            (_, Kind::Binary) if patterns::is_comparison(parent.text()) => {
                let other = parent.children().find(|c| c.id() != cur.id())?;
                return Some(Use::Compared(expr_words(other)));
            }
            (Role::Value, Kind::Pair) => {
                let name = parent.text().to_string();
                return Some(Use::Named(name, parent.parent().filter(|o| o.kind() == Kind::Object)));
            }
            (Role::Init, Kind::Var | Kind::Field) => return Some(Use::Named(parent.text().to_string(), None)),
            (Role::Right, Kind::Assign) => {
                let left = parent.child(Role::Left)?;
                let name = left.path_segments().last().map(|s| s.to_string()).unwrap_or_default();
                return Some(Use::Named(name, None));
            }
            (Role::Pattern, Kind::Case) => {
                let scrutinee = parent.parent()?.child(Role::Scrutinee)?;
                return Some(Use::Compared(expr_words(scrutinee)));
            }
            (Role::Operand, Kind::Return) => {
                let f = parent.enclosing(Kind::Fn)?;
                return Some(Use::Named(patterns::function_name(f).to_string(), None));
            }
            (Role::Body, Kind::Fn) => return Some(Use::Named(patterns::function_name(parent).to_string(), None)),
            // `"2025-06-18".to_string()`; `['2025-03-26', '2024-11-05'].includes(version)`
            (Role::Object, Kind::Member) => {
                let call = parent.parent().filter(|c| c.kind() == Kind::Call)?;
                if matches!(parent.text(), "includes" | "contains" | "indexOf" | "has") {
                    return Some(Use::Compared(call.arg(0).map(expr_words).unwrap_or_default()));
                }
                if !TRANSPARENT_CALLS.contains(&parent.text()) || call.callee().map(|c| c.id()) != Some(parent.id()) {
                    return None;
                }
                cur = call;
            }
            (Role::Arg, Kind::Call | Kind::Macro) => {
                let name = parent.call_name().unwrap_or(parent.text());
                if TRANSPARENT_CALLS.contains(&name) {
                    cur = parent;
                    continue;
                }
                let mut w = words(name);
                // `extract(params, "protocolVersion").unwrap_or("2024-11-05")`,
                // `VERSIONS.iter().find(…).unwrap_or("2025-11-25")`: the default of what the
                // receiver reads.
                if matches!(name, "unwrap_or" | "or" | "unwrap_or_else" | "get_or_insert") {
                    if let Some(r) = parent.receiver() {
                        let mut w = expr_words(r);
                        for link in r.chain() {
                            w.extend(link.path_segments().iter().flat_map(|s| words(s)));
                            if link.kind() == Kind::Call {
                                w.extend(link.args().filter_map(|a| a.str_value()).flat_map(words));
                            }
                        }
                        return Some(Use::Argument(w, None));
                    }
                }
                if matches!(name, "includes" | "contains" | "indexOf" | "has" | "contains_key") {
                    w = parent.receiver().map(expr_words).unwrap_or_default();
                    if parent.receiver().is_some_and(|r| r.kind() == Kind::Array) {
                        // `['2025-06-18', '2025-03-26'].includes(version)`
                        w = parent.arg(0).map(expr_words).unwrap_or_default();
                    }
                    return Some(Use::Compared(w));
                }
                let mut header = None;
                for sibling in parent.args().filter(|a| a.id() != cur.id()) {
                    w.extend(expr_words(sibling));
                    header = header.or(sibling.str_value().filter(|s| s.eq_ignore_ascii_case(HEADER)));
                }
                return Some(Use::Argument(w, header));
            }
            _ => return None,
        }
    }
}

/// The words an expression names: `result.protocolVersion` → protocol, version;
/// `'MCP-Protocol-Version'` → mcp, protocol, version; `getVersion()` → get, version. An
/// identifier bound in the same function to such an expression contributes its words too.
fn expr_words(node: NodeRef<'_>) -> Vec<String> {
    let mut out = Vec::new();
    match node.kind() {
        Kind::Str => out.extend(words(node.text())),
        Kind::Ident | Kind::Member | Kind::Call | Kind::Index | Kind::Unary => {
            for seg in node.path_segments() {
                out.extend(words(seg));
            }
            if node.kind() == Kind::Call {
                if let Some(name) = node.call_name() {
                    out.extend(words(name));
                }
                // A key read from a mapping: `params.get("protocolVersion")`.
                if node.call_name() == Some("get") {
                    out.extend(node.arg(0).and_then(|a| a.str_value()).map(words).unwrap_or_default());
                }
            }
            if node.kind() == Kind::Ident {
                if let Some(init) = local_init(node) {
                    for seg in init.path_segments() {
                        out.extend(words(seg));
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// The initializer of the variable an identifier names, declared in the same function.
fn local_init<'t>(ident: NodeRef<'t>) -> Option<NodeRef<'t>> {
    let scope = ident.enclosing(Kind::Fn).unwrap_or_else(|| ident.tree().root());
    scope.descendants().find(|n| n.kind() == Kind::Var && n.text() == ident.text()).and_then(|v| v.child(Role::Init))
}

/// "protocol" anywhere, or "version"/"revision" in MCP code.
fn is_version_words(words: &[String], mcp: bool) -> bool {
    let has = |w: &[&str]| words.iter().any(|x| w.contains(&x.as_str()));
    // `since_version`, `introduced_in_version`: when a feature appeared is its history, not a
    // version the code speaks.
    if has(&["since", "introduced", "added", "deprecated"]) {
        return false;
    }
    has(&["protocol", "protocols"]) || (mcp && has(&["version", "versions", "revision", "revisions"]))
}

#[cfg(test)]
mod tests {
    use crate::check::check_source;
    use crate::engine::Target;

    fn messages(path: &str, text: &str) -> Vec<String> {
        let found = check_source(path, text, Target::Modern).unwrap_or_else(|e| panic!("{e}"));
        found.into_iter().filter(|d| d.rule == "MCP204").map(|d| d.message).collect()
    }

    /// A literal a test asserts the code produces is what the test expects, not a version the
    /// test passes anywhere.
    #[test]
    fn an_asserted_revision_is_expected() {
        let ts = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n\
                  assert.equal(res.result.protocolVersion, '2025-03-26');\n\
                  connect(url, { protocolVersion: '2025-06-18' });\n";
        let got = messages("t.test.ts", ts);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[0].starts_with("a test expects the legacy protocol revision `2025-03-26`"), "{got:?}");
        assert!(!got[1].contains("expects"), "{got:?}");
        let header = messages("h.ts", "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nreq.header('mcp-protocol-version', '2025-06-18');\n");
        assert_eq!(header, ["sets the `mcp-protocol-version` header to the legacy protocol revision `2025-06-18`"]);
        let header = messages(
            "h.rs",
            "use rmcp::model::ProtocolVersion;\nfn f() { client.post(url).header(\"MCP-Protocol-Version\", \"2025-11-25\"); }\n",
        );
        assert_eq!(header, ["sets the `MCP-Protocol-Version` header to the legacy protocol revision `2025-11-25`"]);
        let rs = "use rmcp::model::ProtocolVersion;\n\
                  fn t() { assert_eq!(info.protocol_version.as_str(), \"2025-06-18\"); }\n";
        let got = messages("t.rs", rs);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].starts_with("a test expects the legacy protocol revision `2025-06-18`"), "{got:?}");
    }
}
