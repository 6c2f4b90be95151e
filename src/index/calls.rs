//! Functions of the project that do a removed thing for their callers: a wrapper that sends a
//! server-initiated request (`Context::list_roots`, `BaseTool.samplingRequest`), a client
//! method that sends `resources/subscribe`. A call of such a function does what its body does,
//! so the call is a finding of the same rule, wherever it is.

use std::collections::HashMap;

use super::{DefKind, Doing, Meaning, ProjectIndex};
use crate::diagnostic::{Diagnostic, Related};
use crate::engine::{make_diagnostic, Engine};
use crate::source::SourceFile;
use crate::tree::{flags, Kind, NodeRef, Role, Tree};

/// Which definitions of a file do a removed thing, by their names' ranges: found from the
/// file's tree and its findings, and applied to an index built from that tree, whether just
/// built or held by the project index from an earlier pass.
#[derive(Default)]
pub struct Marks {
    /// Structs and classes that hold what a rule reports on one of their fields.
    stores: Vec<((usize, usize), Doing)>,
    /// Functions whose body does it.
    fns: Vec<((usize, usize), Doing)>,
}

impl Marks {
    /// Marks the functions of a file that exist to do one removed thing: their body sends it
    /// (see [`Diagnostic::sends`]), for one rule only, and their name says so (the rule's
    /// `wrapper_words`: `list_roots`, `samplingRequest`, `subscribe_to_resource`). A function
    /// that merely uses a removed request on the way to something else (`health_probe` with
    /// `ping`) passes nothing on, nor does a test function. And the stores (see
    /// [`store_marks`]).
    pub fn of(tree: &Tree, diagnostics: &[Diagnostic]) -> Marks {
        let Ok(registry) = crate::rules::registry() else { return Marks::default() };
        let mut by_fn: HashMap<(usize, usize), Vec<&Diagnostic>> = HashMap::new();
        // The functions of the file, listed once for all the findings.
        let mut fns: Option<Vec<NodeRef<'_>>> = None;
        for d in diagnostics.iter().filter(|d| d.sends) {
            let Some(words) = registry.get(d.rule).map(|r| &r.meta.wrapper_words).filter(|w| !w.is_empty()) else {
                continue;
            };
            let fns = fns.get_or_insert_with(|| tree.nodes().filter(|n| n.kind() == Kind::Fn).collect());
            let Some(f) = innermost_fn(fns, d.range) else { continue };
            // A test is run by its harness, never called: no caller is reported for it, and
            // its name is not looked for in every file.
            if crate::test_code::is_test_fn(f) || !names_a_wrapper(crate::patterns::function_name(f), words) {
                continue;
            }
            let Some(name) = function_name_span(f) else { continue };
            by_fn.entry(name).or_default().push(d);
        }
        let mut fns: Vec<((usize, usize), Doing)> = by_fn
            .into_iter()
            .filter(|(_, found)| found.iter().all(|d| d.rule == found[0].rule))
            .map(|(range, found)| (range, doing(found[0])))
            .collect();
        fns.sort_by_key(|(range, _)| *range);
        Marks { stores: store_marks(tree, diagnostics), fns }
    }

    /// Sets what each definition does: a store first, then a function (a name's range is
    /// one definition's; the first unmarked one takes a store).
    pub fn apply(&self, defs: &mut [super::Def]) {
        for def in defs.iter_mut() {
            def.does = None;
        }
        for (range, doing) in &self.stores {
            if let Some(def) = defs.iter_mut().find(|x| x.range == *range && x.does.is_none()) {
                def.does = Some(doing.clone());
            }
        }
        for (range, doing) in &self.fns {
            if let Some(def) = defs.iter_mut().find(|d| d.range == *range) {
                def.does = Some(doing.clone());
            }
        }
    }
}

/// What a finding passes on to the definition it marks.
fn doing(d: &Diagnostic) -> Doing {
    Doing {
        rule: d.rule.to_string(),
        message: strip_through(&d.message).to_string(),
        legacy_handler: d.legacy_handler,
        methods: Vec::new(),
    }
}

/// Rules whose finding on a field makes its struct or class a store of that state: a type
/// that holds per-session state is per-session state wherever it is used.
const STORE_RULES: &[&str] = &["MCP101"];

/// The structs and classes of a file that exist to hold what a rule reports on one of their
/// fields (`struct SseSessionRegistry { sessions: DashMap<Uuid, SseSession> }`): a type named
/// for it (session, store, registry, multiplexer, manager, tracker) or small enough that the
/// field is what it is for.
fn store_marks(tree: &Tree, diagnostics: &[Diagnostic]) -> Vec<((usize, usize), Doing)> {
    const STORE_WORDS: &[&str] = &["session", "sessions", "store", "registry", "multiplexer", "manager", "tracker"];
    const SMALL: usize = 4;
    let mut out = Vec::new();
    // The fields of the file, listed once for all the findings.
    let mut fields: Option<Vec<NodeRef<'_>>> = None;
    for d in diagnostics.iter().filter(|d| STORE_RULES.contains(&d.rule)) {
        let fields = fields.get_or_insert_with(|| tree.nodes().filter(|n| n.kind() == Kind::Field).collect());
        // The field the finding is on: declared, or (Python) `self.sessions` assigned.
        let Some(field) =
            fields.iter().find(|n| n.name_span() == Some(d.range)).copied().or_else(|| self_member(tree, d.range))
        else {
            continue;
        };
        let container = if field.kind() == Kind::Field { field.parent() } else { field.enclosing(Kind::Container) };
        let Some(container) =
            container.filter(|c| c.kind() == Kind::Container && !c.has_flag(crate::tree::flags::IMPL))
        else {
            continue;
        };
        let fields = container.children().filter(|c| c.kind() == Kind::Field).count()
            + super::build::self_fields(container).len();
        let named = crate::patterns::name_words(container.text()).iter().any(|w| STORE_WORDS.contains(&w.as_str()));
        if !(named || fields <= SMALL) {
            continue;
        }
        let Some(range) = container.name_span() else { continue };
        out.push((range, Doing { methods: entry_methods(tree, container, field.text()), ..doing(d) }));
    }
    out
}

/// Map operations that work one entry, or sweep entries: a lookup by key, an insert, a
/// removal (`get_mut`, `entry`, `remove_if`, `retain`; TS `set`, `delete`, `has`; Python
/// `pop`, `setdefault`). Counting or listing (`len`, `iter`, `values`) is not among them.
const ENTRY_OPS: &[&str] = &[
    "get",
    "get_mut",
    "insert",
    "remove",
    "remove_if",
    "entry",
    "retain",
    "contains_key",
    "set",
    "delete",
    "has",
    "pop",
    "setdefault",
    "clear",
];

/// The methods of a store type, in the file that defines it, whose body works an entry of the
/// field a finding is on (`self.sessions.get_mut(&id)`, `self.sessions.remove_if(…)`,
/// `this.transports.delete(sid)`, `self.sessions[sid]`): a call of one of them works one
/// session, even when its arguments do not say so (`registry.send(message)`,
/// `registry.evict_stale(ttl)`). A method that only counts or lists the entries is not one.
fn entry_methods(tree: &Tree, container: NodeRef<'_>, field: &str) -> Vec<String> {
    if field.is_empty() {
        return Vec::new();
    }
    let owner = container.text();
    let of_type = |c: NodeRef<'_>| {
        c.id() == container.id() || (c.has_flag(crate::tree::flags::IMPL) && !owner.is_empty() && c.text() == owner)
    };
    let the_field = |o: NodeRef<'_>| {
        let o = crate::patterns::see_through(o);
        o.kind() == Kind::Member
            && o.text() == field
            && o.object().is_some_and(|s| s.is_ident("self") || s.is_ident("this"))
    };
    let works_entry = |n: NodeRef<'_>| match n.kind() {
        Kind::Call => n.callee().is_some_and(|c| {
            c.kind() == Kind::Member && ENTRY_OPS.contains(&c.text()) && c.object().is_some_and(the_field)
        }),
        Kind::Index => n.child(Role::Object).is_some_and(the_field),
        _ => false,
    };
    let mut out: Vec<String> = tree
        .nodes()
        .filter(|f| f.kind() == Kind::Fn && f.enclosing(Kind::Container).is_some_and(of_type))
        .filter(|f| f.descendants().any(works_entry))
        .map(|f| crate::patterns::function_name(f).to_string())
        .filter(|name| !name.is_empty())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The `self.sessions` member a finding stands on, in a method of its class (Python: its
/// fields are assigned, not declared).
fn self_member(tree: &Tree, range: (usize, usize)) -> Option<NodeRef<'_>> {
    if tree.lang() != crate::tree::Lang::Python {
        return None;
    }
    tree.nodes().find(|n| {
        n.kind() == Kind::Member
            && (n.focus() == range || n.span() == range)
            && n.object().is_some_and(|o| o.is_ident("self"))
    })
}

/// Where code works a store, rather than only naming its type or passing it on: it builds
/// one (`SseSessionRegistry::new(…)`, `new SessionStore()`), or calls one of the store type's
/// methods on a parameter or variable declared with the type (`registry.evict_stale(ttl)`), or
/// on a field that holds one (`ctx.sse_registry.pre_register(id)`,
/// `state.multiplexer.remove_session(id)`). The node returned is the place to report; the
/// string is the store type. In test code only a store driven by a session counts: a test
/// that builds one to hand to the code under test is not about it.
fn works_store<'t, 'i>(n: NodeRef<'t>, index: &'i ProjectIndex, in_test: bool) -> Option<(NodeRef<'t>, String)> {
    // One of the store's methods, keyed by a session: an argument names a session id (`sid`,
    // `session_id`, `&id`), or the method is named for sessions (`remove_session`).
    let calls_method_of = |call: NodeRef<'t>, store: &str| {
        let Some(m) = call.call_name() else { return false };
        let keyed = crate::patterns::name_words(m).iter().any(|w| w.starts_with("session"))
            || call.args().any(|a| {
                crate::patterns::see_through(a).path_segments().last().is_some_and(|s| {
                    let w = crate::patterns::name_words(s);
                    w.iter().any(|x| x == "session" || x == "sid")
                        || (w.last().is_some_and(|x| x == "id") && w.len() <= 2)
                })
            });
        (keyed && index.methods_of(store).contains(&m)) || index.entry_methods_of(store).contains(&m)
    };
    match n.kind() {
        // `T::new(…)` / `new T(…)`: the type builds a store.
        Kind::Ident | Kind::Member if index.declares_store(n.text()) => {
            if in_test {
                return None;
            }
            let p = n.parent()?;
            // `new T(…)`, and a Python class called (`SessionManager(…)`).
            let builds = (p.kind() == Kind::Member
                && p.has_flag(crate::tree::flags::STATIC_PATH)
                && n.role() == Role::Object
                && p.role() == Role::Callee)
                || (p.kind() == Kind::Call
                    && n.role() == Role::Callee
                    && (p.has_flag(crate::tree::flags::NEW) || n.tree().lang() == crate::tree::Lang::Python));
            builds.then(|| (n, n.text().to_string()))
        }
        // `x.sse_registry.pre_register(id)`: a field that holds a store, receiving one of its
        // methods.
        Kind::Member if n.role() == Role::Object => {
            let call = n.parent().filter(|m| m.role() == Role::Callee)?.parent().filter(|c| c.kind() == Kind::Call)?;
            let store = index.field_holds(n.text()).into_iter().find(|t| calls_method_of(call, t))?;
            Some((call, store.to_string()))
        }
        // `registry: Arc<T>` whose holder gets one of T's methods in its function.
        Kind::Type if index.declares_store(n.text()) => {
            let decl = n.ancestors().find(|a| matches!(a.kind(), Kind::Param | Kind::Var))?;
            let name = decl.text();
            let scope = decl.enclosing(Kind::Fn)?;
            if name.is_empty() {
                return None;
            }
            let call = scope.descendants().find(|c| {
                c.kind() == Kind::Call
                    && c.receiver().is_some_and(|r| crate::patterns::see_through(r).is_ident(name))
                    && calls_method_of(*c, n.text())
            })?;
            Some((call, n.text().to_string()))
        }
        _ => None,
    }
}

/// Uses of a store type the index marked (see [`mark_stores`]) where code works the store
/// (see [`works_store`]), once per line.
fn uses_of_stores(
    engine: &Engine,
    index: &ProjectIndex,
    file: usize,
    path: &str,
    source: &SourceFile,
    tree: &Tree,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    let mut lines: Vec<(u32, &str)> = Vec::new();
    let mut tested: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    let test_file = crate::patterns::is_test_file(path);
    for n in tree.nodes().filter(|n| matches!(n.kind(), Kind::Type | Kind::Ident | Kind::Member)) {
        let name = n.text();
        if name.is_empty() || !index.is_doer(name) {
            continue;
        }
        // Only a store type's name, or a field that holds one, is where code works a store
        // (see `works_store`): other names are turned away before any walk up the tree.
        let holds_store = n.kind() == Kind::Member && !index.field_holds(name).is_empty();
        if !index.declares_store(name) && !holds_store {
            continue;
        }
        // The type's own definition and impls are reported where they are.
        if n.ancestors().any(|a| a.kind() == Kind::Container && a.text() == name) {
            continue;
        }
        let in_test = test_file || crate::patterns::in_test_code(n);
        let Some((at, store)) = works_store(n, index, in_test) else { continue };
        let Some(m) = index.store_named(file, &store) else { continue };
        let Some(doing) = &m.def.does else { continue };
        let Some(def) = engine.rules.iter().find(|r| r.meta.id == doing.rule) else { continue };
        let line = source.position(at.start()).line;
        if lines.contains(&(line, def.meta.id.as_str())) {
            continue;
        }
        // Tests of a store go with it: one finding per file says so.
        if in_test && !tested.insert(store.clone()) {
            continue;
        }
        lines.push((line, def.meta.id.as_str()));
        let message = format!("works a `{store}` ({}:{}), a store whose {}", m.path, m.def.start.line, doing.message);
        let mut d = make_diagnostic(&def.meta, path, source, at.focus(), message);
        d.legacy_handler = doing.legacy_handler;
        d.related.push(defined_here(&m));
        out.push(d);
    }
    out
}

/// The findings of the calls in `tree` that call a function the index says does a removed
/// thing.
pub fn calls_to_doers(
    engine: &Engine,
    index: &ProjectIndex,
    file: usize,
    path: &str,
    source: &SourceFile,
    tree: &Tree,
) -> Vec<Diagnostic> {
    let mut out = uses_of_stores(engine, index, file, path, source, tree);
    for call in tree.nodes().filter(|n| n.kind() == Kind::Call) {
        let Some(callee) = call.callee() else { continue };
        let name = callee.text();
        if name.is_empty() || !index.is_doer(name) {
            continue;
        }
        out.extend(protocol_argument(engine, index, file, path, source, call, callee));
        let Some(m) = called(index, file, call, callee) else { continue };
        let Some(doing) = &m.def.does else { continue };
        // The function's own body is reported where it is.
        if m.path == path && call.ancestors().any(|a| a.kind() == Kind::Fn && a.name_span() == Some(m.def.range)) {
            continue;
        }
        let Some(def) = engine.rules.iter().find(|r| r.meta.id == doing.rule) else { continue };
        let message = format!("calls `{name}` ({}:{}), which {}", m.path, m.def.start.line, doing.message);
        let mut d = make_diagnostic(&def.meta, path, source, call.focus(), message);
        d.legacy_handler = doing.legacy_handler;
        // A function that calls a wrapper is a wrapper too, when its name says so.
        d.sends = true;
        d.related.push(defined_here(&m));
        out.push(d);
    }
    out
}

/// Whether a file's text holds a legacy protocol revision MCP204 knows, the only value a call
/// of a function that takes a protocol version is reported for (see [`protocol_argument`]).
pub fn holds_legacy_revision(engine: &Engine, bytes: &[u8]) -> bool {
    engine.rules.iter().find(|r| r.meta.id == PROTOCOL_RULE).is_some_and(|def| {
        def.meta.data_strings("legacy_versions").iter().any(|v| memchr::memmem::find(bytes, v.as_bytes()).is_some())
    })
}

/// The rule of a legacy revision passed as a protocol version.
const PROTOCOL_RULE: &str = "MCP204";

/// A legacy revision passed where the project's function takes the protocol version
/// (`create_session(info, "2025-06-18")` of `def create_session(self, info, protocol_version)`):
/// a finding of MCP204 at the argument, when every function the call may reach takes it there.
fn protocol_argument(
    engine: &Engine,
    index: &ProjectIndex,
    file: usize,
    path: &str,
    source: &SourceFile,
    call: NodeRef<'_>,
    callee: NodeRef<'_>,
) -> Option<Diagnostic> {
    let def = engine.rules.iter().find(|r| r.meta.id == PROTOCOL_RULE)?;
    let versions = def.meta.data_strings("legacy_versions");
    let (at, arg) = call.args().enumerate().find(|(_, a)| a.kind() == Kind::Str && versions.contains(&a.text()))?;
    let owner = self_owner(callee);
    let found = index.functions_of(file, owner, callee.text(), Some(call.args().count()));
    let first = found.first()?;
    let takes_it =
        |m: &Meaning<'_>| matches!(m.def.kind, DefKind::Fn { protocol_param: Some(p), .. } if usize::from(p) == at);
    if !found.iter().all(takes_it) {
        return None;
    }
    let message = format!(
        "passes the legacy protocol revision `{}` as the protocol version of `{}` ({}:{})",
        arg.text(),
        callee.text(),
        first.path,
        first.def.start.line
    );
    let mut d = make_diagnostic(&def.meta, path, source, arg.focus(), message);
    d.related.push(defined_here(first));
    Some(d)
}

/// The definition a finding reached through the index, as its related location.
fn defined_here(m: &Meaning<'_>) -> Related {
    Related {
        path: m.path.to_string(),
        start: m.def.start,
        end: m.def.start,
        range: m.def.range,
        message: format!("`{}` is defined here", m.def.name),
    }
}

/// The function of the project a call calls: a path or name resolved through the index, or a
/// method (`ctx.list_roots()`, `this.samplingRequest(…)`) found by name and number of
/// arguments, on the enclosing impl or class first when called on `self`/`this`, or on the
/// type the receiver is declared with or built from. A receiver of a project type whose own
/// method of that name does nothing removed calls that method (`bookmarks.subscribe(uri)`
/// beside a `ResourceWatch::subscribe` that sends `resources/subscribe`).
fn called<'a>(index: &'a ProjectIndex, file: usize, call: NodeRef<'_>, callee: NodeRef<'_>) -> Option<Meaning<'a>> {
    let args = call.args().count();
    match callee.kind() {
        Kind::Ident => index.doer_named(file, None, callee.text(), Some(args)),
        Kind::Member => {
            let owner = self_owner(callee);
            let typed = owner.or_else(|| built_from(callee));
            if let Some(t) = typed.filter(|_| owner.is_none()) {
                let on_type = index.functions_of(file, Some(t), callee.text(), Some(args));
                if !on_type.is_empty() && on_type.iter().all(|m| m.def.does.is_none()) {
                    return None;
                }
            }
            typed.and_then(|o| index.doer_named(file, Some(o), callee.text(), Some(args))).or_else(|| {
                // A method called on an object of unknown type is found by its name alone:
                // only a call that passes every parameter the function declares is taken for
                // it, since parameters a call may leave out would let any same-named method
                // match (`inputRequired.listRoots()` is not `Server.listRoots(params?)`).
                index
                    .doer_named(file, None, callee.text(), Some(args))
                    .filter(|m| owner.is_some() || passes_every_parameter(m, args))
            })
        }
        _ => None,
    }
    .filter(|m| m.def.does.is_some())
}

/// Whether a call with `args` arguments passes every parameter of the function `m`, those a
/// call may leave out included (those with a default excepted, as Rust and Python callers of a
/// name-matched method have always been read).
fn passes_every_parameter(m: &Meaning<'_>, args: usize) -> bool {
    match m.def.kind {
        DefKind::Fn { required, optional, .. } => args >= required + optional,
        _ => true,
    }
}

/// The class or impl a `self.f(…)` / `this.f(…)` call is made in: the owner its method is
/// looked up on first.
fn self_owner<'t>(callee: NodeRef<'t>) -> Option<&'t str> {
    let on_self = callee.object().is_some_and(|o| o.is_ident("self") || o.is_ident("this"));
    on_self.then(|| callee.enclosing(Kind::Container).map(|c| c.text())).flatten()
}

/// The type of the variable or parameter a method is called on, where its declaration says
/// it: declared with the type (`watch: &ResourceWatch`, `watch: ResourceWatch`), or built
/// from it (`let client = Client::new().with_options(…)`: a constructor path, then builder
/// methods taken to return the same type; `const client = new Client(…)`). Where two types of
/// the project have a method of the same name (a client's `subscribe_to_resource` that sends a
/// removed request, a server context's that does not), the call is looked up on that type.
fn built_from<'t>(callee: NodeRef<'t>) -> Option<&'t str> {
    let object = callee.object().filter(|o| o.kind() == Kind::Ident)?;
    let declaration =
        crate::patterns::declaration_of(object).filter(|d| matches!(d.kind(), Kind::Var | Kind::Param))?;
    if declaration.child(Role::Pattern).is_none() {
        if let Some(declared) = declaration.child(Role::Type).filter(|t| t.kind() == Kind::Type) {
            return Some(declared.text()).filter(|t| t.starts_with(|c: char| c.is_ascii_uppercase()));
        }
    }
    let mut at = declaration.child(Role::Init)?;
    loop {
        if at.kind() != Kind::Call {
            return None;
        }
        let f = at.callee()?;
        if at.has_flag(flags::NEW) {
            return (f.kind() == Kind::Ident).then(|| f.text());
        }
        if f.kind() != Kind::Member {
            return None;
        }
        let on = f.object()?;
        if f.has_flag(flags::STATIC_PATH) {
            // `Client::new()`: a type's name, not a module's (`reqwest::get()`).
            return matches!(on.kind(), Kind::Ident | Kind::Type)
                .then(|| on.text())
                .filter(|t| t.starts_with(|c: char| c.is_ascii_uppercase()));
        }
        at = on;
    }
}

/// The innermost of a file's functions (in document order) whose span holds `range`.
fn innermost_fn<'t>(fns: &[NodeRef<'t>], range: (usize, usize)) -> Option<NodeRef<'t>> {
    fns.iter().rev().find(|n| n.start() <= range.0 && range.1 <= n.end()).copied()
}

/// The span of a function's name, or of the variable or property an anonymous one is bound to.
fn function_name_span(f: NodeRef<'_>) -> Option<(usize, usize)> {
    if !f.text().is_empty() {
        return f.name_span();
    }
    f.parent()
        .filter(|p| matches!(p.kind(), Kind::Var | Kind::Pair | Kind::Field) && f.role() != Role::Arg)?
        .name_span()
}

/// Whether a function's name has one of `words` among its words (or a word that abbreviates
/// one, or that one abbreviates, four letters or more).
fn names_a_wrapper(name: &str, words: &[String]) -> bool {
    crate::patterns::name_words(name).iter().any(|w| {
        words.iter().any(|x| {
            x == w || (w.len() >= 4 && x.starts_with(w.as_str())) || (x.len() >= 4 && w.starts_with(x.as_str()))
        })
    })
}

fn strip_through(message: &str) -> &str {
    message.split(" (through `").next().unwrap_or(message)
}
