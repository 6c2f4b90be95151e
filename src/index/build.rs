//! One file's index, read off its lowered tree: the names it defines at module level (and in
//! inline modules, impls, enums and constant objects), with their values where they are
//! literals, and the names it imports.

use std::collections::BTreeSet;

use super::{Def, DefKind, FileIndex, Import, Target, Value};
use crate::source::SourceFile;
use crate::tree::{flags, Kind, Lang, NodeRef, Role, Tree};

/// The index of one lowered file. `mcp` is the file's own MCP context.
pub fn build(path: &str, source: &SourceFile, tree: &Tree, mcp: bool) -> FileIndex {
    let mut out = FileIndex { path: path.to_string(), lang: Some(tree.lang()), mcp, ..FileIndex::default() };
    let mut b = Builder { source, out: &mut out };
    match tree.lang() {
        Lang::Rust => b.rust_items(tree.root(), &mut Vec::new()),
        Lang::TypeScript | Lang::Python => b.ts_module(tree.root()),
    }
    out.methods = distinct_methods(tree);
    out
}

struct Builder<'a> {
    source: &'a SourceFile,
    out: &'a mut FileIndex,
}

impl Builder<'_> {
    fn def(&mut self, node: NodeRef<'_>, name: &str, scope: &[String], kind: DefKind) {
        if name.is_empty() {
            return;
        }
        let range = node.name_span().unwrap_or(node.span());
        self.out.defs.push(Def {
            name: name.to_string(),
            scope: scope.to_vec(),
            kind,
            range,
            start: self.source.position(range.0),
            does: None,
        });
    }

    /// The value of a constant that names another constant of the file defined before it
    /// (`MCP_DEFAULT_PROTOCOL_VERSION = MCP_PROTOCOL_VERSION_2025_06`).
    fn alias_value(&self, init: NodeRef<'_>, scope: &[String]) -> Option<Value> {
        if init.kind() != Kind::Ident {
            return None;
        }
        let name = init.text();
        self.out.defs.iter().rev().find(|d| d.name == name && d.scope == scope).and_then(|d| d.value().cloned())
    }

    // -- Rust --------------------------------------------------------------------------------

    /// The items of a module (the file, or an inline `mod`).
    fn rust_items(&mut self, module: NodeRef<'_>, scope: &mut Vec<String>) {
        for item in module.children() {
            match item.kind() {
                Kind::Var => {
                    let init = item.child(Role::Init);
                    if let Some(value) =
                        init.and_then(rust_value).or_else(|| init.and_then(|i| self.alias_value(i, scope)))
                    {
                        self.def(item, item.text(), scope, DefKind::Const(value));
                    }
                }
                Kind::Fn => self.def(item, item.text(), scope, fn_kind(item, item.text())),
                Kind::Container if item.has_flag(flags::IMPL) => {
                    let owner = item.text().to_string();
                    scope.push(owner);
                    for member in item.children() {
                        match member.kind() {
                            Kind::Fn => self.def(member, member.text(), scope, fn_kind(member, member.text())),
                            Kind::Var => {
                                if let Some(value) = member.child(Role::Init).and_then(rust_value) {
                                    self.def(member, member.text(), scope, DefKind::Const(value));
                                }
                            }
                            _ => {}
                        }
                    }
                    scope.pop();
                }
                Kind::Container => {
                    self.def(item, item.text(), scope, DefKind::Type);
                    scope.push(item.text().to_string());
                    for member in item.children() {
                        match member.kind() {
                            // Enum discriminants: `Code = -32002`; struct fields and their types.
                            Kind::Field => {
                                if let Some(value) = member.child(Role::Init).and_then(rust_value) {
                                    self.def(member, member.text(), scope, DefKind::Const(value));
                                } else if let Some(types) = field_types(member) {
                                    self.def(member, member.text(), scope, DefKind::Field { types });
                                }
                            }
                            // Trait methods and associated constants with defaults.
                            Kind::Fn => self.def(member, member.text(), scope, fn_kind(member, member.text())),
                            Kind::Var => {
                                if let Some(value) = member.child(Role::Init).and_then(rust_value) {
                                    self.def(member, member.text(), scope, DefKind::Const(value));
                                }
                            }
                            _ => {}
                        }
                    }
                    scope.pop();
                }
                Kind::Import => {
                    let path = item.text();
                    let alias = item.children().find(|c| c.role() == Role::Value).map(|c| c.text());
                    let last = path.rsplit("::").next().unwrap_or(path);
                    let local = alias.unwrap_or(last);
                    self.out.imports.push(Import {
                        local: local.to_string(),
                        path: path.to_string(),
                        exported: last.to_string(),
                        scope: scope.clone(),
                        reexport: false,
                    });
                }
                Kind::Other if item.has_flag(flags::MODULE) => {
                    scope.push(item.text().to_string());
                    self.out.modules.push(scope.clone());
                    self.rust_items(item, scope);
                    scope.pop();
                }
                _ => {}
            }
        }
    }

    // -- TypeScript ---------------------------------------------------------------------------

    fn ts_module(&mut self, root: NodeRef<'_>) {
        for item in root.children() {
            match item.kind() {
                Kind::Var if !item.text().is_empty() => {
                    let name = item.text();
                    let Some(init) = item.child(Role::Init).map(ts_unwrapped) else { continue };
                    if let Some(value) = ts_value(init).or_else(|| self.alias_value(init, &[])) {
                        self.def(item, name, &[], DefKind::Const(value));
                    } else if init.kind() == Kind::Object {
                        self.def(item, name, &[], DefKind::Type);
                        self.ts_object(init, &mut vec![name.to_string()]);
                    } else if init.kind() == Kind::Fn {
                        self.def(item, name, &[], fn_kind(init, name));
                    }
                }
                Kind::Fn => self.def(item, item.text(), &[], fn_kind(item, item.text())),
                Kind::Container => {
                    let owner = item.text().to_string();
                    self.def(item, &owner, &[], DefKind::Type);
                    let scope = vec![owner];
                    for member in item.children() {
                        match member.kind() {
                            // Enum members and static class properties with a literal value;
                            // typed properties.
                            Kind::Field => {
                                if let Some(value) = member.child(Role::Init).map(ts_unwrapped).and_then(ts_value) {
                                    self.def(member, member.text(), &scope, DefKind::Const(value));
                                } else if let Some(types) = field_types(member) {
                                    self.def(member, member.text(), &scope, DefKind::Field { types });
                                }
                            }
                            Kind::Fn => self.def(member, member.text(), &scope, fn_kind(member, member.text())),
                            _ => {}
                        }
                    }
                    // A Python class declares its fields by assigning them in `__init__`.
                    for (at, name) in self_fields(item) {
                        if !self.out.defs.iter().any(|d| d.name == name && d.scope == scope) {
                            let types = assigned_types(at);
                            self.def(at, name, &scope, DefKind::Field { types });
                        }
                    }
                }
                Kind::Import => {
                    let reexport = item.has_flag(flags::REEXPORT);
                    for (exported, local) in item.import_bindings() {
                        self.out.imports.push(Import {
                            local: local.to_string(),
                            path: item.text().to_string(),
                            exported: exported.to_string(),
                            scope: Vec::new(),
                            reexport,
                        });
                    }
                }
                _ => {}
            }
        }
        // Methods of a class declared inside a function (a test's tool class inside
        // `describe(…)`): the file's own calls of those names call them. Only the methods: such
        // a class is no type the project declares to other files.
        for class in root.descendants().filter(|n| n.kind() == Kind::Container && !n.has_flag(flags::INTERFACE)) {
            if !class.ancestors().any(|a| a.kind() == Kind::Fn) {
                continue;
            }
            let scope = vec![class.text().to_string()];
            for member in class.children().filter(|m| m.kind() == Kind::Fn) {
                self.def(member, member.text(), &scope, fn_kind(member, member.text()));
            }
        }
    }

    /// The literal members of a constant object, two levels deep (`METHODS.tools.list`).
    fn ts_object(&mut self, object: NodeRef<'_>, scope: &mut Vec<String>) {
        for pair in object.children().filter(|p| p.kind() == Kind::Pair && !p.has_flag(flags::COMPUTED)) {
            let Some(value) = pair.value().map(ts_unwrapped) else { continue };
            if let Some(v) = ts_value(value) {
                self.def(pair, pair.text(), scope, DefKind::Const(v));
            } else if value.kind() == Kind::Object && scope.len() < 2 {
                scope.push(pair.text().to_string());
                self.ts_object(value, scope);
                scope.pop();
            }
        }
    }
}

/// The type names a field's declared type mentions (a constructor call's class for a TS
/// property `x = new Store()`).
fn field_types(field: NodeRef<'_>) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    if let Some(t) = field.child(Role::Type) {
        out.extend(crate::patterns::type_names(t).into_iter().filter(|n| !n.is_empty()).map(String::from));
    }
    if let Some(init) = field.child(Role::Init).filter(|i| i.kind() == Kind::Call && i.has_flag(flags::NEW)) {
        out.extend(init.callee().map(|c| c.text().to_string()));
    }
    (!out.is_empty()).then_some(out)
}

/// The fields a Python class assigns in `__init__` (`self.sessions: dict[str, S] = {}`,
/// `self.manager = SessionManager()`): each assignment's `self.x` target and the name, first
/// assignment only. Empty for other languages, whose classes declare their fields.
pub fn self_fields<'t>(class: NodeRef<'t>) -> Vec<(NodeRef<'t>, &'t str)> {
    let mut out: Vec<(NodeRef<'t>, &'t str)> = Vec::new();
    if class.tree().lang() != Lang::Python {
        return out;
    }
    let Some(init) = class.children().find(|m| m.kind() == Kind::Fn && m.text() == "__init__") else { return out };
    for assign in init.descendants().filter(|a| a.kind() == Kind::Assign && a.text() == "=") {
        let Some(target) = assign.child(Role::Left).filter(|l| l.kind() == Kind::Member) else { continue };
        if !target.object().is_some_and(|o| o.is_ident("self")) {
            continue;
        }
        let name = target.text();
        if !name.is_empty() && !out.iter().any(|(_, n)| *n == name) {
            out.push((target, name));
        }
    }
    out
}

/// The type names a Python `self.x = …` assignment gives its field: its annotation's, and the
/// class it calls (`SessionManager(…)`, `store.SessionStore(…)`).
fn assigned_types(target: NodeRef<'_>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let Some(assign) = target.parent() else { return out };
    if let Some(t) = assign.child(Role::Type) {
        out.extend(crate::patterns::type_names(t).into_iter().filter(|n| !n.is_empty()).map(String::from));
    }
    if let Some(call) = assign.child(Role::Right).map(crate::patterns::see_through).filter(|r| r.kind() == Kind::Call) {
        out.extend(call.callee().map(|c| c.text().to_string()).filter(|n| !n.is_empty()));
    }
    out
}

/// A function's kind: its parameters (`self` not counted) and how many a call must pass. A
/// parameter with a default, an optional one (`x?: T`) or a rest parameter need not be passed;
/// after a rest parameter a call may pass any number (`params` is then unbounded).
fn fn_kind(f: NodeRef<'_>, name: &str) -> DefKind {
    let (mut params, mut required, mut optional, mut rest) = (0, 0, 0, false);
    let mut protocol_param = None;
    for p in f.children_with(Role::Param).filter(|p| p.text() != "self") {
        if protocol_param.is_none() && crate::patterns::name_words(p.text()).iter().any(|w| w == "protocol") {
            protocol_param = u8::try_from(params).ok();
        }
        params += 1;
        rest |= p.has_flag(flags::REST);
        if p.has_flag(flags::OPTIONAL) || p.has_flag(flags::REST) {
            optional += 1;
        } else if p.child(Role::Init).is_none() {
            required += 1;
        }
    }
    // Python's keyword arguments can fill any parameter: a call need pass none positionally.
    if f.tree().lang() == Lang::Python {
        (required, optional) = (0, 0);
    }
    DefKind::Fn {
        params: if rest { usize::MAX } else { params },
        required,
        optional,
        protocol_param,
        delegates: delegates(f, name),
    }
}

/// The HTTP verbs a 2026-07-28 MCP endpoint no longer serves.
const REMOVED_VERBS: [&str; 2] = ["get", "delete"];
/// Words that name a function for what it does with a request.
const HANDLER_WORDS: [&str; 5] = ["handle", "dispatch", "serve", "process", "on"];

/// The removed HTTP verb a function's name says (`delete`, `dispatch_get_sse`), if any.
pub fn removed_verb(name: &str) -> Option<&'static str> {
    // Most names hold neither verb: they are told without splitting them into words.
    if !REMOVED_VERBS.iter().any(|v| crate::patterns::contains_ignore_case(name, v)) {
        return None;
    }
    let words = crate::patterns::name_words(name);
    REMOVED_VERBS.iter().copied().find(|v| words.iter().any(|w| w == v))
}

/// Whether a function named for `verb` hands its request on to a function called `callee`:
/// the callee's name says the same verb and that it handles something (`handle_delete`,
/// `dispatch_get_sse`, `onGet`), so that `get` calling `get_session` leads nowhere.
pub fn hands_on_to(verb: &str, callee: &str) -> bool {
    if !crate::patterns::contains_ignore_case(callee, verb) {
        return false;
    }
    let words = crate::patterns::name_words(callee);
    words.iter().any(|w| w == verb) && words.iter().any(|w| HANDLER_WORDS.contains(&w.as_str()))
}

/// The calls by which a function named for a removed HTTP verb hands its request on to a
/// handler of the same verb: `fn delete(..) { handlers::handle_delete(req, ctx) }`,
/// `dispatch_get_sse` → `handle_get_sse`, `handleDelete` → `this.onDelete(req)`. A route
/// handler reported for serving the verb leads to them (see `reach`), as a reader follows
/// the layers of an HTTP stack.
fn delegates(f: NodeRef<'_>, name: &str) -> Vec<Target> {
    let Some(verb) = removed_verb(name) else { return Vec::new() };
    let Some(body) = f.child(Role::Body) else { return Vec::new() };
    let mut out: Vec<Target> = Vec::new();
    for call in body.descendants().filter(|n| n.kind() == Kind::Call) {
        let Some(target) = crate::patterns::call_target(call) else { continue };
        // A method of another receiver may be anyone's (`cache.handle_delete(key)`): only a
        // path, a plain name or a method of the function's own `self`/`this` is followed.
        if matches!(&target, Target::Method { owner: None, .. }) {
            continue;
        }
        if hands_on_to(verb, target.name()) && target.name() != name && !out.contains(&target) {
            out.push(target);
        }
    }
    out
}

/// The value of a Rust constant's initializer: a string, an integer (also wrapped once,
/// `ErrorCode(-32002)`), or a list of strings (`&["a", "b"]`, `vec!["a"]`).
fn rust_value(init: NodeRef<'_>) -> Option<Value> {
    let init = crate::patterns::see_through(init);
    match init.kind() {
        Kind::Str => Some(Value::Str(init.text().to_string())),
        Kind::Num => init.int().map(Value::Int),
        Kind::Call => {
            let mut args = init.args();
            let first = args.next()?;
            match (args.next(), first.int()) {
                (None, Some(v)) => Some(Value::Int(v)),
                _ => None,
            }
        }
        Kind::Array => strings(init),
        Kind::Macro if init.text() == "vec" => strings(init),
        _ => None,
    }
}

/// `["a", "b"]`: every element a string.
fn strings(list: NodeRef<'_>) -> Option<Value> {
    let items: Vec<String> = list
        .children()
        .filter(|c| matches!(c.role(), Role::Elem | Role::Arg))
        .map(|c| crate::patterns::see_through(c).str_value().map(String::from))
        .collect::<Option<Vec<_>>>()?;
    (!items.is_empty()).then_some(Value::Strs(items))
}

/// A TypeScript initializer without `Object.freeze(…)` around it (`as const` is already gone).
fn ts_unwrapped(init: NodeRef<'_>) -> NodeRef<'_> {
    if init.kind() == Kind::Call && init.call_name() == Some("freeze") {
        if let Some(inner) = init.arg(0) {
            return inner;
        }
    }
    init
}

fn ts_value(init: NodeRef<'_>) -> Option<Value> {
    match init.kind() {
        Kind::Str => Some(Value::Str(init.text().to_string())),
        Kind::Num => init.int().map(Value::Int),
        Kind::Unary if init.text() == "-" => init.children().next().and_then(|n| n.int()).map(|v| Value::Int(-v)),
        Kind::Array => strings(init),
        _ => None,
    }
}

/// How many distinct MCP method names with a `/` the file writes as string literals or string
/// keys.
fn distinct_methods(tree: &Tree) -> usize {
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for n in tree.nodes() {
        let text = match n.kind() {
            Kind::Str => n.text(),
            Kind::Pair if n.has_flag(flags::STRING_KEY) => n.text(),
            _ => continue,
        };
        if text.contains('/') && crate::context::is_mcp_method(text) {
            seen.insert(text);
        }
    }
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::{hands_on_to, removed_verb};

    #[test]
    fn a_verb_is_a_word_of_the_name() {
        assert_eq!(removed_verb("delete"), Some("delete"));
        assert_eq!(removed_verb("dispatch_get_sse"), Some("get"));
        assert_eq!(removed_verb("onGet"), Some("get"));
        assert_eq!(removed_verb("handleDELETE"), Some("delete"));
        // The letters inside another word are no verb.
        assert_eq!(removed_verb("budget"), None);
        assert_eq!(removed_verb("target_handler"), None);
        assert_eq!(removed_verb("post"), None);
    }

    #[test]
    fn a_request_goes_on_to_a_handler_of_the_same_verb() {
        assert!(hands_on_to("delete", "handle_delete"));
        assert!(hands_on_to("delete", "handleDelete"));
        assert!(hands_on_to("get", "dispatch_get_sse"));
        assert!(hands_on_to("get", "onGet"));
        assert!(hands_on_to("get", "serve_get_stream"));
        // Says the verb but handles nothing, handles another verb, or the verb is inside a word.
        assert!(!hands_on_to("get", "get_session"));
        assert!(!hands_on_to("delete", "delete_user"));
        assert!(!hands_on_to("get", "handle_delete"));
        assert!(!hands_on_to("get", "handle_budget"));
    }
}
