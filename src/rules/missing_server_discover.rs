//! MCP202 `missing-server-discover`: a project with a hand-rolled MCP server dispatch that never
//! handles `server/discover`.
//!
//! A project-level rule. The file pass records two kinds of fact: a *dispatcher* (a `switch` /
//! `match` on the method, an `if` chain comparing it, a method-keyed handler table, or handler
//! registrations on a hand-rolled JSON-RPC layer such as `addMethod('tools/list', …)`) that
//! handles at least two server requests and, for the first three shapes, builds results in its
//! arms; and a *discover* fact wherever `server/discover` is handled (a case, a comparison, a
//! table key, a registration, rmcp `fn discover`, rust-mcp-sdk `handle_discover_request`). The
//! project pass reports once, at the largest dispatcher, when no discover fact exists.
//!
//! Servers built on an SDK are not dispatchers here: an SDK that implements discover needs
//! nothing, and one that cannot (TS `@modelcontextprotocol/sdk` 1.x, rmcp < 3) is MCP203's.
//! Capability checks and client-side switches over the same method names (they throw, or call
//! the client) build no results and are not dispatchers.

use std::collections::BTreeSet;

use crate::engine::{FileCx, ProjectCx};
use crate::patterns::{implements_any, in_test_double, is_method_expr};
use crate::rules::{Rule, RuleMeta};
use crate::tree::{flags, Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &MissingServerDiscover;

struct MissingServerDiscover;

const DISCOVER: &str = "server/discover";

/// Whether a file is written for the project's tests, by the words of its name and of its two
/// nearest directories (`tests/fakes.ts`, `src/testHelpers/mockRemote.ts`,
/// `dev/mcp-oauth-test-server/server.ts`, `server.test.ts`, `server.spec.ts`). Only the nearest
/// directories count: a checkout may itself lie under a directory named `tests`.
fn in_test_support(path: &str, words: &[&str]) -> bool {
    // Paths in a run are relative with forward slashes.
    let mut parts = path.rsplit('/');
    let file = parts.next().unwrap_or("");
    let stem = file.split('.').next().unwrap_or("");
    let spec = file.split('.').skip(1).any(|part| part == "spec" || part == "test");
    spec || std::iter::once(stem)
        .chain(parts.take(2))
        .any(|part| crate::patterns::name_words(part).iter().any(|w| words.contains(&w.as_str())))
}

impl Rule for MissingServerDiscover {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        Vec::new()
    }

    fn check_file(&self, cx: &mut FileCx<'_>) {
        let server_methods = cx.data("server_methods");
        let result_keys = cx.data("result_keys");
        let registrations = cx.data("registration_calls");
        let client_calls = cx.data("client_calls");
        let tree = cx.tree;
        let mut dispatchers: Vec<(NodeRef<'_>, BTreeSet<&str>)> = Vec::new();
        let mut discover: Vec<NodeRef<'_>> = Vec::new();
        // `if` chains and registrations are grouped by the function (or file) they sit in.
        let mut chains: Vec<Chain<'_>> = Vec::new();
        let mut registered: Option<(NodeRef<'_>, BTreeSet<&str>)> = None;
        for node in tree.nodes() {
            match node.kind() {
                Kind::Switch if node.child(Role::Scrutinee).is_some_and(is_method_expr) => {
                    let mut methods = BTreeSet::new();
                    let mut building = BTreeSet::new();
                    let mut client = false;
                    for case in node.children_with(Role::Case) {
                        let builds = case.children_with(Role::Body).any(|b| builds_result(b, result_keys));
                        client |= case.children_with(Role::Body).any(|b| calls_client_api(b, client_calls));
                        for p in case.children_with(Role::Pattern) {
                            let Some(m) = p.str_value() else { continue };
                            if m == DISCOVER {
                                discover.push(p);
                            } else if server_methods.contains(&m) {
                                methods.insert(m);
                                if builds {
                                    building.insert(m);
                                }
                            }
                        }
                    }
                    if building.len() >= 2 && !client {
                        let at = node.child(Role::Scrutinee).unwrap_or(node);
                        dispatchers.push((at, methods));
                    }
                }
                Kind::Object => {
                    let keys: Vec<NodeRef<'_>> =
                        node.children().filter(|p| p.kind() == Kind::Pair && p.has_flag(flags::STRING_KEY)).collect();
                    if let Some(d) = keys.iter().find(|p| p.text() == DISCOVER) {
                        discover.push(*d);
                    }
                    let handled: Vec<NodeRef<'_>> = keys
                        .iter()
                        .copied()
                        .filter(|p| server_methods.contains(&p.text()))
                        .filter(|p| p.value().is_some_and(|v| matches!(v.kind(), Kind::Fn | Kind::Ident | Kind::Member)))
                        .collect();
                    let methods: BTreeSet<&str> = handled.iter().map(|p| p.text()).collect();
                    let building = handled.iter().filter(|p| p.value().is_some_and(|v| builds_result(v, result_keys)));
                    let client = handled.iter().any(|p| p.value().is_some_and(|v| calls_client_api(v, client_calls)));
                    if building.map(|p| p.text()).collect::<BTreeSet<_>>().len() >= 2 && !client {
                        dispatchers.push((handled[0], methods));
                    }
                }
                Kind::Binary if matches!(node.text(), "==" | "===") => {
                    let children: Vec<NodeRef<'_>> = node.children().collect();
                    let [a, b] = children.as_slice() else { continue };
                    let method = match (a.str_value(), b.str_value()) {
                        (Some(m), None) if is_method_expr(*b) => m,
                        (None, Some(m)) if is_method_expr(*a) => m,
                        _ => continue,
                    };
                    if method == DISCOVER {
                        discover.push(node);
                        continue;
                    }
                    if !server_methods.contains(&method) {
                        continue;
                    }
                    let scope = node.enclosing(Kind::Fn);
                    let builds = guarded(node).is_some_and(|t| builds_result(t, result_keys));
                    let client = guarded(node).is_some_and(|t| calls_client_api(t, client_calls));
                    let index = match chains.iter().position(|c| c.scope == scope) {
                        Some(i) => i,
                        None => {
                            chains.push(Chain { scope, at: node, building: BTreeSet::new(), client: false });
                            chains.len() - 1
                        }
                    };
                    if let Some(c) = chains.get_mut(index) {
                        if builds {
                            c.building.insert(method);
                        }
                        c.client |= client;
                    }
                }
                Kind::Call => {
                    let Some(name) = node.call_name() else { continue };
                    if !registrations.contains(&name) || node.args().count() < 2 {
                        continue;
                    }
                    let Some(method) = node.arg(0).and_then(|a| a.str_value()) else { continue };
                    if method == DISCOVER {
                        discover.push(node);
                    } else if server_methods.contains(&method) {
                        registered.get_or_insert((node, BTreeSet::new())).1.insert(method);
                    }
                }
                Kind::Fn if is_discover_override(node) => discover.push(node),
                _ => {}
            }
        }
        for chain in chains {
            if chain.building.len() >= 2 && !chain.client {
                dispatchers.push((chain.at, chain.building));
            }
        }
        if let Some((at, methods)) = registered.filter(|r| r.1.len() >= 2) {
            dispatchers.push((at, methods));
        }
        // A file written for the tests is judged only when it has a dispatcher.
        let test_support = !dispatchers.is_empty() && in_test_support(cx.path, cx.data("test_support_words"));
        for (at, methods) in dispatchers {
            if test_support || in_test_double(at) {
                continue;
            }
            let data: Vec<String> = methods.iter().map(|m| m.to_string()).collect();
            cx.fact(at, "dispatcher", data.len().to_string(), data);
        }
        for at in discover {
            cx.fact(at, "discover", DISCOVER, Vec::new());
        }
    }

    fn check_project(&self, cx: &mut ProjectCx<'_>) {
        if cx.own_facts().any(|f| f.kind == "discover") {
            return;
        }
        // The largest dispatcher, then the first in path order.
        let Some(fact) = cx
            .own_facts()
            .filter(|f| f.kind == "dispatcher")
            .min_by(|a, b| {
                let size = |f: &crate::project::ProjectFact| f.data.len();
                size(b).cmp(&size(a)).then_with(|| (&a.path, a.start).cmp(&(&b.path, b.start)))
            })
            .cloned()
        else {
            return;
        };
        let shown: Vec<String> = fact.data.iter().take(3).map(|m| format!("`{m}`")).collect();
        let more = if fact.data.len() > 3 { ", …" } else { "" };
        let message = format!(
            "dispatches MCP requests ({}{more}) but the project never handles `server/discover`, which every 2026-07-28 server must implement",
            shown.join(", ")
        );
        cx.report_fact(&fact, message);
    }
}

/// The `if` chain comparing the method inside one function (or at the top level).
struct Chain<'t> {
    scope: Option<NodeRef<'t>>,
    /// The first comparison, where a finding is reported.
    at: NodeRef<'t>,
    /// Server methods whose branch builds a result.
    building: BTreeSet<&'t str>,
    /// A branch calls an MCP client API.
    client: bool,
}

/// rmcp `fn discover` in `impl ServerHandler`, rust-mcp-sdk `handle_discover_request`.
fn is_discover_override(node: NodeRef<'_>) -> bool {
    match node.text() {
        "handle_discover_request" => true,
        "discover" => node.parent().is_some_and(|c| c.kind() == Kind::Container && implements_any(c, &["ServerHandler".to_string()])),
        _ => false,
    }
}

/// The branch a method comparison guards.
fn guarded(node: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let mut cur = node;
    loop {
        let parent = cur.parent()?;
        match parent.kind() {
            Kind::Binary if matches!(parent.text(), "&&" | "||") => cur = parent,
            Kind::If if cur.role() == Role::Cond => return parent.child(Role::Then),
            _ => return None,
        }
    }
}

/// Whether code builds an MCP result: an object literal with a result key (`tools`, `content`,
/// `protocolVersion`, a JSON-RPC `result`), directly or in a same-file function it calls or
/// names.
fn builds_result(node: NodeRef<'_>, keys: &[&str]) -> bool {
    if has_result_object(node, keys) {
        return true;
    }
    let tree = node.tree();
    let called: Vec<&str> = std::iter::once(node)
        .chain(node.descendants())
        .filter_map(|n| match n.kind() {
            Kind::Call => n.call_name(),
            Kind::Ident if n.role() == Role::Value || n.parent().is_none_or(|p| p.kind() != Kind::Member) => Some(n.text()),
            _ => None,
        })
        .collect();
    tree.nodes()
        .filter(|f| matches!(f.kind(), Kind::Fn | Kind::Var) && !f.text().is_empty() && called.contains(&f.text()))
        .any(|f| has_result_object(f, keys))
}

/// Whether code calls an MCP client API (`client.listTools()`, `peer.call_tool(…)`): the branch
/// is a client (a CLI, a replay button) that names the method it sends, not a server.
fn calls_client_api(node: NodeRef<'_>, client_calls: &[&str]) -> bool {
    std::iter::once(node)
        .chain(node.descendants())
        .any(|n| n.kind() == Kind::Call && n.receiver().is_some() && n.call_name().is_some_and(|c| client_calls.contains(&c)))
}

fn has_result_object(node: NodeRef<'_>, keys: &[&str]) -> bool {
    std::iter::once(node)
        .chain(node.descendants())
        .any(|n| n.kind() == Kind::Object && n.keys().any(|k| keys.contains(&k)))
}
