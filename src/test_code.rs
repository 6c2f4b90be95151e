//! Test code, and which era a test double plays.
//!
//! A fake server in a test that answers `tools/call` without `resultType` plays a 2025 server,
//! which is what a client must still accept: the double is right, not code to migrate. The
//! rules about what a modern server must send (MCP402, MCP403, MCP404) therefore report a test
//! double only when it plays a modern server, and never one the test asserts is not reached.

use crate::patterns::name_words;
use crate::tree::{Kind, NodeRef, Role};

/// Words of a folder or file name that mark test code (`tests/`, `__tests__/`, `e2e/`,
/// `server.test.ts`, `runtime_tests.rs`, `test_headers.rs`, `test_server.py`, pytest's
/// `conftest.py`, `mocks/`). (`spec/` is left out: SDKs keep the protocol's schema there.)
const TEST_WORDS: &[&str] = &["test", "tests", "testing", "e2e", "mock", "mocks", "fixture", "fixtures", "conftest"];

/// Whether a path (relative, with `/`) is test code by its name: a folder or file whose name
/// has a test word, or a file with a `.test.` / `.spec.` part.
pub fn test_path(path: &str) -> bool {
    let mut segments = path.rsplit('/');
    let file = segments.next().unwrap_or(path);
    let mut parts = file.split('.');
    let stem = parts.next().unwrap_or(file);
    parts.any(|p| p == "test" || p == "spec")
        || std::iter::once(stem)
            .chain(segments.filter(|s| !s.is_empty() && *s != "." && *s != ".."))
            .any(|s| name_words(s).iter().any(|w| TEST_WORDS.contains(&w.as_str())))
}

/// Whether a node is test code: in a test file, a Rust `#[cfg(test)]` module or `#[test]`
/// function, or a `describe` / `it` / `test` callback.
pub fn in_test(node: NodeRef<'_>, path: &str) -> bool {
    test_path(path) || node.ancestors().any(|a| is_test_fn(a) || is_test_module(a) || is_suite_callback(a))
}

/// A Rust `#[test]` / `#[tokio::test]` function, or a pytest test or fixture (`def test_…`,
/// a method of a `Test…` class, `@pytest.fixture`, `@pytest.mark.…`).
pub fn is_test_fn(f: NodeRef<'_>) -> bool {
    f.kind() == Kind::Fn
        && (f.children_with(Role::Attr).any(|a| a.text() == "test" || a.text().ends_with("::test"))
            || crate::patterns::is_pytest_fn(f))
}

/// A Rust module under `#[cfg(test)]`.
fn is_test_module(m: NodeRef<'_>) -> bool {
    m.children_with(Role::Attr).any(|a| a.text() == "cfg" && a.args().next().is_some_and(|p| p.is_ident("test")))
}

/// The callback of `describe(…)`, `it(…)`, `test(…)` (also `it.each(…)(…)`, `test.skip`) or a
/// hook (`beforeEach`, `beforeAll`).
fn is_suite_callback(f: NodeRef<'_>) -> bool {
    runner_of(f).is_some()
}

/// The name of the test runner call a function is passed to: `it`, `test`, `describe`,
/// `beforeEach`, …
fn runner_of(f: NodeRef<'_>) -> Option<&str> {
    if f.kind() != Kind::Fn || f.role() != Role::Arg {
        return None;
    }
    let call = f.parent().filter(|c| c.kind() == Kind::Call)?;
    let root = call.callee()?.chain().last()?;
    (root.kind() == Kind::Ident
        && matches!(
            root.text(),
            "it" | "test" | "describe" | "beforeEach" | "beforeAll" | "afterEach" | "afterAll" | "suite"
        ))
    .then(|| root.text())
}

/// The code that makes up the test double around a node: the nearest test (`it` / `test`
/// callback, `#[test]` function) or hook; else the outermost function below any `describe`
/// (a helper that builds a fake server); else the file.
pub fn double_scope(node: NodeRef<'_>) -> NodeRef<'_> {
    let mut outermost = None;
    for a in node.ancestors() {
        if a.kind() != Kind::Fn {
            continue;
        }
        match runner_of(a) {
            Some("describe" | "suite") => break,
            Some(_) => return a,
            None if is_test_fn(a) => return a,
            None => outermost = Some(a),
        }
    }
    outermost.unwrap_or_else(|| node.tree().root())
}

/// Whether a test double plays a modern (2026-07-28) server: it answers or names
/// `server/discover`, or sets `resultType` or `supportedVersions` somewhere.
pub fn plays_modern_server(scope: NodeRef<'_>) -> bool {
    std::iter::once(scope).chain(scope.descendants()).any(|n| match n.kind() {
        Kind::Str => n.text() == "server/discover",
        Kind::Pair => matches!(n.text(), "resultType" | "result_type" | "supportedVersions" | "supported_versions"),
        _ => false,
    })
}

/// Whether a node lies in a double the test asserts is never reached: a mock server whose
/// chain ends in `.expect(0)` / `.times(0)` (wiremock, mockito), or a function bound to a name
/// that the test expects `.not.toHaveBeenCalled()` (or `toHaveBeenCalledTimes(0)`).
pub fn asserted_unreached(node: NodeRef<'_>) -> bool {
    // `Mock::given(…).respond_with(…json!(…)…).expect(0)`: the statement's call chain.
    let mut cur = node;
    while let Some(p) = cur.parent() {
        match p.kind() {
            Kind::Call | Kind::Member | Kind::Macro | Kind::Unary | Kind::Object | Kind::Pair | Kind::Array => {}
            _ => break,
        }
        if p.kind() == Kind::Call
            && matches!(p.call_name(), Some("expect" | "times"))
            && p.receiver().is_some()
            && p.arg(0).is_some_and(|a| a.int() == Some(0))
        {
            return true;
        }
        cur = p;
    }
    // A function (or the mock it is wrapped in) bound to a name the test expects not called.
    let Some(f) = node.ancestors().find(|a| a.kind() == Kind::Fn) else { return false };
    let mut holder = f;
    while let Some(p) = holder.parent().filter(|p| p.kind() == Kind::Call && holder.role() == Role::Arg) {
        holder = p;
    }
    let Some(var) = holder.parent().filter(|v| v.kind() == Kind::Var && holder.role() == Role::Init) else {
        return false;
    };
    let name = var.text();
    let scope = double_scope(var);
    !name.is_empty()
        && scope.descendants().any(|c| {
            c.kind() == Kind::Call
                && c.callee().is_some_and(|e| e.is_ident("expect"))
                && c.arg(0).is_some_and(|a| a.is_ident(name))
                && expects_no_calls(c)
        })
}

/// `expect(x).not.toHaveBeenCalled()`, `expect(x).toHaveBeenCalledTimes(0)`,
/// `expect(x).not.toHaveBeenCalledWith(…)` is not enough (other calls may happen).
fn expects_no_calls(expect_call: NodeRef<'_>) -> bool {
    let mut negated = false;
    let mut cur = expect_call;
    while let Some(m) = cur.parent().filter(|m| m.kind() == Kind::Member && cur.role() == Role::Object) {
        match m.text() {
            "not" => negated = true,
            "toHaveBeenCalled" | "toBeCalled" => return negated,
            "toHaveBeenCalledTimes" | "toBeCalledTimes" => {
                return !negated && m.parent().and_then(|c| c.arg(0)).is_some_and(|a| a.int() == Some(0))
            }
            _ => {}
        }
        cur = m;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::{rs, ts};

    #[test]
    fn test_paths() {
        for p in [
            "test/e2e/scenarios/flow.test.ts",
            "src/server.test.ts",
            "src/server.spec.ts",
            "src/__tests__/tools.ts",
            "crates/rmcp/tests/common/mod.rs",
            "src/commands/doctor/runtime_tests.rs",
            "tests/webui_management_tests.rs",
            "src/test_helpers.rs",
        ] {
            assert!(test_path(p), "{p}");
        }
        for p in ["src/server.ts", "src/latest.ts", "src/attestation.rs", "src/contest/main.rs"] {
            assert!(!test_path(p), "{p}");
        }
    }

    fn first_object<'t>(tree: &'t crate::tree::Tree, key: &str) -> NodeRef<'t> {
        match tree.nodes().find(|n| n.kind() == Kind::Pair && n.text() == key) {
            Some(p) => p,
            None => panic!("no {key}"),
        }
    }

    #[test]
    fn doubles_and_their_era() {
        let t = ts(r#"
            describe('client', () => {
              it('reads a legacy server', async () => {
                fetch.mockResolvedValue({ jsonrpc: '2.0', id: 1, result: { legacy: [] } });
              });
              it('reads a modern server', async () => {
                fetch.mockImplementation(async (req) => req.method === 'server/discover'
                  ? { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } }
                  : { jsonrpc: '2.0', id: 2, result: { modern: [] } });
              });
            });
        "#);
        assert!(in_test(first_object(&t, "legacy"), "client.ts"));
        assert!(!plays_modern_server(double_scope(first_object(&t, "legacy"))));
        assert!(plays_modern_server(double_scope(first_object(&t, "modern"))));
    }

    #[test]
    fn doubles_never_reached() {
        let t = ts(r#"
            it('does not follow the redirect', async () => {
              const target = vi.fn(async () => ({ jsonrpc: '2.0', id: 1, result: { unreached: [] } }));
              const other = vi.fn(async () => ({ jsonrpc: '2.0', id: 1, result: { reached: [] } }));
              expect(target).not.toHaveBeenCalled();
              expect(other).toHaveBeenCalledTimes(1);
            });
        "#);
        assert!(asserted_unreached(first_object(&t, "unreached")));
        assert!(!asserted_unreached(first_object(&t, "reached")));
        let r = rs(r#"
            #[tokio::test]
            async fn redirect() {
                Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"jsonrpc": "2.0", "id": 1, "result": {"unreached": []}}))).expect(0).mount(&server).await;
                Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"jsonrpc": "2.0", "id": 1, "result": {"reached": []}}))).expect(1).mount(&server).await;
            }
        "#);
        assert!(in_test(first_object(&r, "unreached"), "src/lib.rs"));
        assert!(asserted_unreached(first_object(&r, "unreached")));
        assert!(!asserted_unreached(first_object(&r, "reached")));
    }
}
