//! MCP203 `legacy-sdk`: manifests that pin an SDK that speaks only the 2025 protocol, and TS v2
//! clients and servers built without the 2026-07-28 opt-in.
//!
//! Manifests are read in the project pass (`package.json` and `Cargo.toml`, with Cargo workspace
//! inheritance resolved): a finding points at the dependency's key. The thresholds are the rule's
//! `[data]`. A requirement counts when it admits a legacy version (its lowest admitted version is
//! below the first modern one), so `>=2` for rmcp is reported while `3` is not.
//!
//! In TypeScript, a v2 `Client` (imported from `@modelcontextprotocol/client`) built without
//! `versionNegotiation`, or with `mode: 'legacy'`, is reported where it is built. A v2 `Server` /
//! `McpServer` is legacy unless it is served through `createMcpHandler`, `serveStdio` or
//! `legacyStatelessFallback`; the factory may live in another file, so constructions and entries
//! are facts decided in the project pass.

use std::collections::BTreeSet;

use crate::engine::{FileCx, ProjectCx};
use crate::patterns;
use crate::manifest::{self, lowest_admitted, Dependency, SdkEras, Version};
use crate::python_manifests;
use crate::project::ManifestKind;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{flags, Kind, Lang, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &LegacySdk;

struct LegacySdk;

impl Rule for LegacySdk {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        vec![Kind::Call, Kind::Import]
    }

    /// Its own code reads every node it is offered.
    fn own_kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        self.kinds(meta)
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        let entries = cx.data("serving_entries");
        match node.kind() {
            Kind::Call if node.has_flag(flags::NEW) => check_construction(node, cx),
            Kind::Call => {
                if let Some(entry) = node.call_name().filter(|n| entries.contains(n)) {
                    record_entry(node, entry, cx);
                }
            }
            Kind::Import if cx.lang() == Lang::Python => {
                let module = node.text();
                let v1 = cx.data("python_v1_modules").iter().any(|m| {
                    module.strip_prefix(m).is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
                });
                if v1 {
                    cx.fact(node, "python-v1-import", module, Vec::new());
                }
            }
            // An entry imported under another name (`import { createMcpHandler as serve }`):
            // its calls are found from the import, so that other calls pay nothing.
            Kind::Import => {
                for (export, local) in node.import_bindings() {
                    if export == local || !entries.contains(&export) {
                        continue;
                    }
                    let calls: Vec<NodeRef<'_>> = cx
                        .tree
                        .nodes()
                        .filter(|c| c.kind() == Kind::Call && !c.has_flag(flags::NEW) && c.callee().is_some_and(|f| f.is_ident(local)))
                        .collect();
                    for call in calls {
                        record_entry(call, export, cx);
                    }
                }
            }
            _ => {}
        }
    }

    fn check_project(&self, cx: &mut ProjectCx<'_>) {
        check_manifests(cx);
        check_servers(cx);
        check_python_imports(cx);
    }
}

// ---------------------------------------------------------------------------------------------
// TypeScript v2 constructions

fn check_construction(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let Some(class) = node.callee().filter(|c| c.kind() == Kind::Ident).map(|c| c.text()) else { return };
    let root = cx.tree.root();
    if patterns::imported_export(root, class, Some(&["@modelcontextprotocol/client"])) == Some("Client") {
        check_client(node, cx);
        return;
    }
    let server_exports = ["Server", "McpServer"];
    let Some(export) = patterns::imported_export(root, class, Some(&["@modelcontextprotocol/server"])).filter(|e| server_exports.contains(e))
    else {
        return;
    };
    let entries = cx.data("serving_entries");
    // Built inline in the factory: `createMcpHandler(() => new McpServer(…))`.
    let inline = node.ancestors().any(|a| {
        a.kind() == Kind::Call && serving_entry(a, entries).is_some() && a.args().any(|arg| arg.contains(node))
    });
    if inline || connected_in_process(node, cx) {
        return;
    }
    let mut names: Vec<String> = enclosing_names(node, cx.path);
    names.extend(handed_to(root, &names));
    cx.fact(node, "v2-server", export, names);
}

/// The calls of this file that receive one of the functions named in `names`, in case one is a
/// wrapper of a serving entry: a function passed by name (`createMcpMount(factory)`), as an
/// option (`startServer({ createServer: factory })`) or called from an argument function
/// (`createMcpMount((ctx) => this.#buildServer(ctx))`). One pass over
/// the file, and none when the construction sits in no named function.
fn handed_to(root: NodeRef<'_>, names: &[String]) -> Vec<String> {
    // Not the file-qualified variables (`path#name`) nor the calls already recorded; private
    // methods (`#build`) are functions.
    let function = |n: &str| !n.starts_with("call:") && n.rfind('#').is_none_or(|i| i == 0);
    let functions: Vec<&str> = names.iter().map(String::as_str).filter(|n| function(n)).collect();
    let mut out = Vec::new();
    if functions.is_empty() {
        return out;
    }
    for node in root.descendants() {
        let hit = match node.kind() {
            Kind::Ident => {
                (node.role() == Role::Arg || option_of_call(node).is_some()) && functions.contains(&node.text())
            }
            Kind::Call => !node.has_flag(flags::NEW) && node.call_name().is_some_and(|n| functions.contains(&n)),
            _ => false,
        };
        if !hit {
            continue;
        }
        // The call the name is an argument of, or the call whose argument function calls it.
        let call = if node.kind() == Kind::Ident {
            option_of_call(node).or_else(|| node.parent())
        } else {
            node.ancestors().find(|f| f.kind() == Kind::Fn).filter(|f| f.role() == Role::Arg).and_then(|f| f.parent())
        };
        if let Some(name) = call.filter(|c| c.kind() == Kind::Call).and_then(|c| c.call_name()) {
            out.push(wrapper_call(name));
        }
    }
    out
}

/// The call an identifier is handed to as the value of an option (`start({ createServer: build })`).
fn option_of_call(ident: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let pair = ident.parent().filter(|p| ident.role() == Role::Value && p.kind() == Kind::Pair)?;
    let object = pair.parent().filter(|o| o.kind() == Kind::Object && o.role() == Role::Arg)?;
    object.parent().filter(|c| c.kind() == Kind::Call)
}

/// The names a construction is reachable by: the variable it initializes (qualified by the
/// file, see [`file_variable`]), its enclosing functions, and the variables or properties
/// those functions are assigned to.
fn enclosing_names(node: NodeRef<'_>, path: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(var) = node.parent().filter(|p| node.role() == Role::Init && p.kind() == Kind::Var && !p.text().is_empty()) {
        out.push(file_variable(path, var.text()));
    }
    for f in node.ancestors().filter(|a| a.kind() == Kind::Fn) {
        out.extend(fn_names(f));
    }
    // The calls it is handed to (`createMcpMount(() => new McpServer(…))`), in case one of them
    // is a wrapper that serves its argument.
    for call in node.ancestors().filter(|a| a.kind() == Kind::Call && !a.has_flag(flags::NEW)) {
        if call.args().any(|arg| arg.contains(node)) {
            if let Some(name) = call.call_name() {
                out.push(wrapper_call(name));
            }
        }
    }
    out
}

/// A function's names: its own, and the variable or property it is assigned to.
fn fn_names(f: NodeRef<'_>) -> Vec<String> {
    let mut out = Vec::new();
    if !f.text().is_empty() {
        out.push(f.text().to_string());
    }
    if let Some(p) = f.parent().filter(|p| matches!(p.kind(), Kind::Var | Kind::Pair | Kind::Field)) {
        if !p.text().is_empty() {
            out.push(p.text().to_string());
        }
    }
    out
}

/// A call of a function that hands its argument to a serving entry
/// (`function createMcpMount(factory) { return createMcpHandler(factory) }`).
fn wrapper_call(name: &str) -> String {
    format!("call:{name}")
}

/// The serving entry a call invokes: by its name, or through an alias of its import
/// (`import { createMcpHandler as createHandler }`). Entries are recognised by name from any
/// module, since frameworks re-export or wrap them.
fn serving_entry<'t>(call: NodeRef<'t>, entries: &[&str]) -> Option<&'t str> {
    let name = call.call_name()?;
    if entries.contains(&name) {
        return Some(name);
    }
    let callee = call.callee().filter(|c| c.kind() == Kind::Ident)?;
    patterns::imported_export(call.tree().root(), callee.text(), None).filter(|e| entries.contains(e))
}

/// `createMcpHandler(buildServer)`, `serveStdio(() => makeServer(config))`: the functions the
/// factory names or calls, and one level further through same-file variables and functions
/// (`const factory = () => buildServer(config)`).
fn record_entry(node: NodeRef<'_>, entry: &str, cx: &mut FileCx<'_>) {
    let mut names: BTreeSet<String> = BTreeSet::new();
    let tree_root = cx.tree.root();
    for arg in node.args() {
        let mut direct: Vec<&str> = called_names(arg);
        if arg.kind() == Kind::Ident {
            direct.push(arg.text());
            // A parameter handed on: the enclosing function is a wrapper of the entry, and what
            // its callers give it is served.
            if patterns::declaration_of(arg).is_some_and(|d| d.kind() == Kind::Param) {
                if let Some(f) = arg.ancestors().find(|a| a.kind() == Kind::Fn) {
                    names.extend(fn_names(f).iter().map(|n| wrapper_call(n)));
                }
            }
        }
        names.extend(returned_names(arg).into_iter().map(|v| file_variable(cx.path, v)));
        for name in direct {
            if !names.insert(name.to_string()) {
                continue;
            }
            let local = tree_root.descendants().find(|d| matches!(d.kind(), Kind::Var | Kind::Fn) && d.text() == name);
            if let Some(local) = local {
                names.extend(called_names(local).into_iter().map(String::from));
            }
        }
    }
    names.extend(factory_wrappers(node).iter().map(|n| wrapper_call(n)));
    cx.fact(node, "serving-entry", entry, names.into_iter().collect());
}

/// The functions of this file that serve what their callers pass them as a factory without
/// handing it straight to the entry: a function around the entry that calls a factory it was
/// given and serves the instance through a store (`startServer({ createServer })` calling
/// `createServer(req)`, then `createMcpHandler(() => store.getStore())`), and the functions of
/// the file that hand one of their own parameters on to such a function
/// (`startHTTPServer({ createServer })` calling `servingLeg({ createServer })`). A helper that
/// takes a factory and connects what it builds by hand is no such function: it does not enclose
/// the entry, nor hand its factory to one that does.
fn factory_wrappers(entry: NodeRef<'_>) -> Vec<String> {
    let mut wrappers: Vec<String> = Vec::new();
    for f in entry.ancestors().filter(|a| a.kind() == Kind::Fn) {
        let calls_own_param = f.descendants().any(|c| {
            c.kind() == Kind::Call
                && !c.has_flag(flags::NEW)
                && c.callee().filter(|callee| callee.kind() == Kind::Ident).is_some_and(|callee| param_of(callee) == Some(f))
        });
        if calls_own_param {
            wrappers.extend(fn_names(f));
        }
    }
    if wrappers.is_empty() {
        return wrappers;
    }
    // Callers within the file that pass their own parameter on, until none is new (a chain of
    // such functions is short; each round adds one, or ends).
    let calls: Vec<NodeRef<'_>> =
        entry.tree().nodes().filter(|c| c.kind() == Kind::Call && !c.has_flag(flags::NEW)).collect();
    loop {
        let mut added = false;
        for call in &calls {
            if !call.call_name().is_some_and(|n| wrappers.iter().any(|w| w == n)) {
                continue;
            }
            for ident in call.args().flat_map(handed_idents) {
                let Some(g) = param_of(ident) else { continue };
                for name in fn_names(g) {
                    if !wrappers.contains(&name) {
                        wrappers.push(name);
                        added = true;
                    }
                }
            }
        }
        if !added {
            return wrappers;
        }
    }
}

/// The function whose parameter (plain or destructured) an identifier names.
fn param_of(ident: NodeRef<'_>) -> Option<NodeRef<'_>> {
    patterns::declaration_of(ident)
        .filter(|d| d.kind() == Kind::Param)
        .and_then(|d| d.ancestors().find(|a| a.kind() == Kind::Fn))
}

/// The identifiers an argument hands to the call: itself (`start(factory)`), or the values of
/// its properties (`start({ createServer: build })`, `start({ createServer })`).
fn handed_idents(arg: NodeRef<'_>) -> Vec<NodeRef<'_>> {
    match arg.kind() {
        Kind::Ident => vec![arg],
        Kind::Object => arg
            .children()
            .filter(|p| p.kind() == Kind::Pair)
            .filter_map(|p| p.child(Role::Value))
            .filter(|v| v.kind() == Kind::Ident)
            .collect(),
        _ => Vec::new(),
    }
}

/// A variable links a construction to a factory only within one file: names such as `server`
/// are too common to join across a project.
fn file_variable(path: &str, name: &str) -> String {
    format!("{path}#{name}")
}

/// The outer variables a factory returns: `() => server`, `function () { return server; }`.
/// A variable declared inside the factory is its own (its construction is inline) and may
/// shadow an outer one of the same name, so it names nothing outside.
fn returned_names(factory: NodeRef<'_>) -> Vec<&str> {
    if factory.kind() != Kind::Fn {
        return Vec::new();
    }
    let Some(body) = factory.child(Role::Body) else { return Vec::new() };
    let returned: Vec<NodeRef<'_>> = if body.kind() == Kind::Ident {
        vec![body]
    } else {
        body.descendants().filter(|n| n.kind() == Kind::Return).filter_map(|r| r.children().next()).collect()
    };
    let local = |name: &str| factory.descendants().any(|d| matches!(d.kind(), Kind::Var | Kind::Param) && d.text() == name);
    returned.into_iter().filter(|v| v.kind() == Kind::Ident).map(|v| v.text()).filter(|name| !local(name)).collect()
}

/// The names of the functions a subtree calls (`buildServer()`, `options.createServer()`).
fn called_names(node: NodeRef<'_>) -> Vec<&str> {
    std::iter::once(node)
        .chain(node.descendants())
        .filter(|n| n.kind() == Kind::Call && !n.has_flag(flags::NEW))
        .filter_map(|n| n.call_name())
        .collect()
}

fn check_client(node: NodeRef<'_>, cx: &mut FileCx<'_>) {
    let options = node.arg(1);
    let object = match options {
        None => None,
        Some(o) if o.kind() == Kind::Object => Some(o),
        // `new Client(info, options)`: a same-file object literal, or unknown.
        Some(o) if o.kind() == Kind::Ident => {
            match cx.tree.root().descendants().find(|d| d.kind() == Kind::Var && d.text() == o.text()).and_then(|v| v.child(Role::Init)) {
                Some(init) if init.kind() == Kind::Object => Some(init),
                _ => return,
            }
        }
        Some(_) => return,
    };
    let without = "builds a v2 `Client` without `versionNegotiation`: it opens every connection with the 2025 `initialize` handshake; pass `versionNegotiation: { mode: 'auto' }` in its options";
    let message = match object {
        None => without,
        Some(o) => match o.field("versionNegotiation") {
            Some(v) if pins_legacy(v) => {
                "builds a v2 `Client` with `versionNegotiation` pinned to `'legacy'`: it never speaks 2026-07-28; use `mode: 'auto'`"
            }
            Some(_) => return,
            // Spread options may carry it.
            None if o.children().any(|c| c.kind() == Kind::Spread) => return,
            None => without,
        },
    };
    // `client.setVersionNegotiation({ … })` before connecting opts in too.
    if !calls_on(node, cx, "setVersionNegotiation").is_empty() || connected_in_process(node, cx) {
        return;
    }
    // Already the v2 SDK: the rule's hint (upgrade the SDK) does not apply; say what to do in v2.
    let hint = cx.meta().data_str("v2_client_hint").unwrap_or_default().to_string();
    cx.report(node, message).with_hint(hint);
}

/// The calls of method `method` on the variable or property a construction is assigned to
/// (`client.connect(…)`, `this.server.connect(…)`), in its file: a variable is the same
/// declaration, a property the same path. Calls on the parameter of a function of the file
/// that the variable is passed to count too (`await connect(client, handler)`).
fn calls_on<'t>(node: NodeRef<'t>, cx: &FileCx<'t>, method: &str) -> Vec<NodeRef<'t>> {
    let Some(target) = node.ancestors().find(|a| a.kind() == Kind::Var || a.kind() == Kind::Assign) else {
        return Vec::new();
    };
    let place = match target.kind() {
        Kind::Var => target,
        _ => match target.child(Role::Left) {
            Some(left) => left,
            None => return Vec::new(),
        },
    };
    let declaration = |n: NodeRef<'t>| if n.kind() == Kind::Var { Some(n.id()) } else { patterns::declaration_of(n).map(|d| d.id()) };
    let segments = if place.kind() == Kind::Var { vec![place.text()] } else { place.path_segments() };
    let Some(&name) = segments.first().filter(|_| segments.last().is_some_and(|s| !s.is_empty())) else {
        return Vec::new();
    };
    let same_place = |n: NodeRef<'t>| match (place.kind(), n.kind()) {
        (Kind::Var | Kind::Ident, Kind::Ident) => n.text() == name && declaration(n) == declaration(place),
        (Kind::Member, Kind::Member) => n.path_segments() == segments,
        _ => false,
    };
    let is_call_of = |n: NodeRef<'t>| n.kind() == Kind::Call && n.call_name() == Some(method);
    // A variable is used only within the scope that declares it; a property anywhere.
    let scope = match place.kind() {
        Kind::Var => place.parent(),
        Kind::Ident => patterns::declaration_of(place).and_then(|d| d.parent()),
        _ => None,
    }
    .unwrap_or_else(|| cx.tree.root());
    let mut out = Vec::new();
    for call in scope.descendants().filter(|n| n.kind() == Kind::Call && !n.has_flag(flags::NEW)) {
        if is_call_of(call) && call.receiver().is_some_and(same_place) {
            out.push(call);
            continue;
        }
        let Some(callee) = call.call_name().filter(|n| !n.is_empty()) else { continue };
        for (index, _) in call.args().enumerate().filter(|(_, a)| same_place(*a)) {
            let params = cx
                .tree
                .nodes()
                .filter(|f| f.kind() == Kind::Fn && f.text() == callee)
                .filter_map(|f| f.children_with(Role::Param).nth(index).map(|p| (f, p)));
            for (function, param) in params {
                out.extend(function.descendants().filter(|c| {
                    is_call_of(*c)
                        && c.receiver().is_some_and(|r| {
                            r.kind() == Kind::Ident && patterns::declaration_of(r).is_some_and(|d| d.id() == param.id())
                        })
                }));
            }
        }
    }
    out
}

/// Whether a client or server is connected only to ends of in-process pairs
/// (`InMemoryTransport.createLinkedPair()`): its one peer is built in the same process, as in
/// tests of a server's tools, and the two agree on an era whichever it is.
fn connected_in_process(node: NodeRef<'_>, cx: &FileCx<'_>) -> bool {
    let pairs = cx.data("in_process_pairs");
    let in_process = |transport: NodeRef<'_>| {
        patterns::declaration_of(transport)
            .and_then(|d| d.child(Role::Init))
            .is_some_and(|init| init.kind() == Kind::Call && init.call_name().is_some_and(|n| pairs.contains(&n)))
    };
    let connects = calls_on(node, cx, "connect");
    !connects.is_empty() && connects.iter().all(|c| c.arg(0).is_some_and(in_process))
}

/// `{ mode: 'legacy' }` or `'legacy'`.
fn pins_legacy(v: NodeRef<'_>) -> bool {
    match v.kind() {
        Kind::Str => v.text() == "legacy",
        Kind::Object => v.field("mode").and_then(|m| m.str_value()) == Some("legacy"),
        _ => false,
    }
}

fn check_servers(cx: &mut ProjectCx<'_>) {
    let entries: BTreeSet<String> =
        cx.own_facts().filter(|f| f.kind == "serving-entry").flat_map(|f| f.data.iter().cloned()).collect();
    let servers: Vec<_> = cx
        .own_facts()
        .filter(|f| f.kind == "v2-server" && !f.data.iter().any(|n| entries.contains(n)))
        .cloned()
        .collect();
    for fact in servers {
        let message = format!(
            "builds a v2 `{}` that is not served through `createMcpHandler` or `serveStdio`: connected to a transport by hand it speaks only the 2025 protocol; serve it with `createMcpHandler(factory)` (HTTP) or `serveStdio(factory)` (stdio)",
            fact.name
        );
        let hint = cx.meta.data_str("v2_server_hint").unwrap_or_default().to_string();
        cx.report_fact(&fact, message).with_hint(hint);
    }
}

// ---------------------------------------------------------------------------------------------
// Python v1 imports

/// `from mcp.server.fastmcp import FastMCP`: the v1 API, gone from SDK 2.0. Where a Python
/// manifest of the code's folder or one above it declares `mcp` or `fastmcp`, the manifest is
/// where the SDK's version is judged (and reported once); code without one is reported at its
/// import.
fn check_python_imports(cx: &mut ProjectCx<'_>) {
    let sdks = cx.meta.data_strings("python_sdk_packages");
    let declaring: Vec<String> = manifest::resolved_dependencies(cx.manifests)
        .iter()
        .filter(|(_, d)| sdks.contains(&d.name.as_str()))
        .filter_map(|(i, _)| cx.manifests.get(*i).filter(|m| m.kind == ManifestKind::Python))
        .map(|m| dir_of(&m.path))
        .collect();
    let imports: Vec<_> = cx
        .own_facts()
        .filter(|f| f.kind == "python-v1-import")
        .filter(|f| !declaring.iter().any(|d| crate::packages::contains(d, &f.path)))
        .cloned()
        .collect();
    for fact in imports {
        let message = format!(
            "imports `{}`, the v1 API of the Python SDK (removed in `mcp` 2.0, where `FastMCP` is `mcp.server.mcpserver.MCPServer`): this code runs only on 1.x releases, which speak only the 2025 protocol",
            fact.name
        );
        let hint = cx.meta.data_str("python_v1_hint").unwrap_or_default().to_string();
        cx.report_fact(&fact, message).with_hint(hint);
    }
}

// ---------------------------------------------------------------------------------------------
// Manifests

fn version_text(v: Version) -> String {
    format!("{}.{}.{}", v.0, v.1, v.2)
}

fn parse_threshold(s: &str) -> Option<Version> {
    lowest_admitted(s)
}

fn check_manifests(cx: &mut ProjectCx<'_>) {
    let data = &cx.meta.data;
    let npm_any = cx.meta.data_strings("npm_legacy_packages");
    let npm_below: Vec<(String, Version)> = thresholds(data, "npm_modern_from");
    let eras = SdkEras::from_data(data);
    let pypi_below: Vec<(String, Version)> = thresholds(data, "pypi_modern_from");
    let manifests = cx.manifests;
    let locked = python_locks(manifests);
    let deps = manifest::resolved_dependencies(manifests);
    let mut findings: Vec<(usize, Dependency, String)> = Vec::new();
    for (i, dep) in &deps {
        let Some(m) = manifests.get(*i) else { continue };
        let req = dep.requirement.as_deref();
        match m.kind {
            ManifestKind::Npm => {
                if npm_any.contains(&dep.name.as_str()) {
                    findings.push((*i, dep.clone(), format!("depends on `{}`, the frozen copy of the 1.x server code (HTTP+SSE transport, built-in authorization server)", dep.name)));
                } else if let Some((_, modern)) = npm_below.iter().find(|(n, _)| *n == dep.name) {
                    // Every published 1.x speaks only 2025; a tag, a workspace or a file link is
                    // one of them too.
                    let lowest = req.and_then(lowest_admitted);
                    if lowest.is_none_or(|low| low < *modern) {
                        // `catalog:`, `workspace:*`, a tag or a link names no version to quote.
                        let spec = match (req, lowest) {
                            (Some(r), None) => format!("through `{r}`, which names no version"),
                            (r, _) => format!("`{}`", r.unwrap_or("*")),
                        };
                        findings.push((*i, dep.clone(), format!(
                            "depends on `{}` {spec}: every release below {} speaks only the 2025 protocol",
                            dep.name,
                            version_text(*modern)
                        )));
                    }
                }
            }
            ManifestKind::Python => {
                let Some((_, modern)) = pypi_below.iter().find(|(n, _)| *n == dep.name) else { continue };
                // A URL requirement (`mcp @ git+…`) names no version to judge.
                let Some(spec) = req else { continue };
                let Some(low) = python_manifests::lowest_admitted(spec) else { continue };
                if low >= *modern {
                    continue;
                }
                let shown = if spec.is_empty() { "with no version".to_string() } else { format!("`{spec}`") };
                let mut message = if python_manifests::upper_bound(spec).is_some_and(|up| up <= *modern) {
                    format!("depends on `{}` {shown}: every release below {} speaks only the 2025 protocol", dep.name, version_text(*modern))
                } else {
                    format!(
                        "depends on `{}` {shown}, which admits versions below {} that speak only the 2025 protocol",
                        dep.name,
                        version_text(*modern)
                    )
                };
                // The lock file of the same folder says which release the project runs.
                if let Some((lock, version)) = locked.iter().find(|(dir, _, name, _)| *dir == dir_of(&m.path) && *name == dep.name).map(|(_, lock, _, v)| (lock, v)) {
                    message.push_str(&format!(" ({lock} resolves it to {version})"));
                }
                findings.push((*i, dep.clone(), message));
            }
            ManifestKind::Cargo => {
                // An inherited version is reported once, at the workspace's declaration.
                if let Some((_, modern)) = eras.modern_from.iter().find(|(n, _)| *n == dep.name).filter(|_| dep.inherited_from.is_none()) {
                    if req.and_then(lowest_admitted).is_some_and(|low| low < *modern) {
                        let r = req.unwrap_or_default();
                        let message = if manifest::cargo_upper_bound(r).is_some_and(|up| up <= *modern) {
                            format!("depends on `{}` `{r}`: every release below {} speaks only the 2025 protocol", dep.name, version_text(*modern))
                        } else {
                            format!(
                                "depends on `{}` `{r}`, which admits versions below {} that speak only the 2025 protocol",
                                dep.name,
                                version_text(*modern)
                            )
                        };
                        findings.push((*i, dep.clone(), message));
                    }
                }
                if let Some(enabled) = eras.feature_enabled(m, dep) {
                    // An inherited entry whose workspace was not analyzed cannot be judged.
                    if dep.requirement.is_none() && dep.inherited && dep.inherited_from.is_none() {
                        continue;
                    }
                    // A workspace declaration is judged through the members that inherit it.
                    let members_inherit = dep.section == "workspace.dependencies"
                        && deps.iter().any(|(_, d)| d.inherited_from.as_deref() == Some(m.path.as_str()) && d.key == dep.key);
                    if members_inherit {
                        continue;
                    }
                    let wanted = eras.modern_feature.iter().find(|(n, _)| *n == dep.name).map(|(_, w)| w.as_slice()).unwrap_or_default();
                    if !enabled {
                        findings.push((*i, dep.clone(), format!(
                            "builds `{}` without the `{}` feature: the default build speaks only the 2025 protocol",
                            dep.name,
                            wanted.first().map(String::as_str).unwrap_or_default()
                        )));
                    }
                }
            }
        }
    }
    for (i, dep, message) in findings {
        let Some(m) = manifests.get(i) else { continue };
        let snippet = crate::engine::normalized(m.source.slice(dep.range.0, dep.range.1));
        cx.report_at(&m.path, dep.range, dep.start, dep.end, &snippet, message);
    }
}

/// The versions Python lock files pin: (folder, lock file name, package, version).
fn python_locks(manifests: &[crate::project::Manifest]) -> Vec<(String, String, String, String)> {
    manifests
        .iter()
        .filter(|m| m.kind == ManifestKind::Python && python_manifests::is_lock(&m.path))
        .flat_map(|m| {
            let name = m.path.rsplit('/').next().unwrap_or(&m.path).to_string();
            python_manifests::locked_versions(m)
                .into_iter()
                .map(move |(pkg, v)| (dir_of(&m.path), name.clone(), pkg, v))
        })
        .collect()
}

/// `a/b/pyproject.toml` → `a/b`.
fn dir_of(path: &str) -> String {
    path.rsplit_once('/').map_or(String::new(), |(d, _)| d.to_string())
}

fn thresholds(data: &toml::Table, key: &str) -> Vec<(String, Version)> {
    // Same shape as `cargo_modern_from`, read by `SdkEras`.
    data.get(key)
        .and_then(|v| v.as_table())
        .map(|t| t.iter().filter_map(|(k, v)| Some((k.clone(), parse_threshold(v.as_str()?)?))).collect())
        .unwrap_or_default()
}
