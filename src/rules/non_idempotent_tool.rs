//! MCP601 `non-idempotent-tool`: tools that change the world and can run twice.
//!
//! A tool is found where it is registered (`server.tool(…)`, `registerTool(…)`, a tool
//! descriptor `{ name, inputSchema }` in a list, an rmcp `#[tool]` function) or dispatched (a
//! `case 'send_email':` arm of a `tools/call` handler). Its verb comes from its name, or from
//! the first word of its description when the name has none; reads (`get_`, `list_`, …) are
//! never findings. A write is reported unless its input has an idempotency key or it is
//! annotated `idempotentHint` / `readOnlyHint`.
//!
//! Everything known in the file is decided in the file. What needs other files is decided in
//! the project pass from facts: an input schema imported from another module, an rmcp tool's
//! parameter struct, and a dispatch arm whose tool may be described elsewhere.

use std::collections::{HashMap, HashSet};

use crate::engine::{FileCx, ProjectCx};
use crate::patterns;
use crate::project::ProjectFact;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{flags, Kind, NodeRef, Role};

pub(crate) static RULE: &(dyn Rule + Sync) = &NonIdempotentTool;

struct NonIdempotentTool;

/// Fact kinds this rule records.
const TOOL: &str = "tool";
const PENDING: &str = "pending";
const ARM: &str = "arm";
const SCHEMA: &str = "schema";

/// The rule's name lists, read from its document.
struct Lists<'m> {
    write_verbs: &'m [&'m str],
    read_verbs: &'m [&'m str],
    /// Compared lower case without `_` and `-`.
    keys: &'m [&'m str],
    hints: &'m [&'m str],
    register_calls: &'m [&'m str],
    object_register_calls: &'m [&'m str],
    tool_receivers: Vec<String>,
    schema_keys: &'m [&'m str],
    dispatch_names: &'m [&'m str],
    protocol_words: &'m [&'m str],
    filler_words: &'m [&'m str],
    server_modules: &'m [&'m str],
    server_markers: &'m [&'m str],
    read_nouns: &'m [&'m str],
    needs_object: &'m [&'m str],
    descriptor_structs: &'m [&'m str],
}


impl Lists<'static> {
    /// The lists, read once: the rule runs on every node of its kinds.
    fn cached(meta: &'static RuleMeta) -> &'static Lists<'static> {
        static LISTS: std::sync::OnceLock<Lists<'static>> = std::sync::OnceLock::new();
        LISTS.get_or_init(|| Lists::of(meta))
    }
}

impl<'m> Lists<'m> {
    fn of(meta: &'static RuleMeta) -> Self {
        Lists {
            write_verbs: meta.data_strings("write_verbs"),
            read_verbs: meta.data_strings("read_verbs"),
            keys: meta.data_strings("idempotency_keys"),
            hints: meta.data_strings("safe_hints"),
            register_calls: meta.data_strings("register_calls"),
            object_register_calls: meta.data_strings("object_register_calls"),
            tool_receivers: meta.data_strings("tool_receivers").iter().map(|s| s.to_string()).collect(),
            schema_keys: meta.data_strings("schema_keys"),
            dispatch_names: meta.data_strings("dispatch_names"),
            protocol_words: meta.data_strings("protocol_words"),
            filler_words: meta.data_strings("filler_words"),
            server_modules: meta.data_strings("server_modules"),
            server_markers: meta.data_strings("server_markers"),
            read_nouns: meta.data_strings("read_nouns"),
            needs_object: meta.data_strings("needs_object"),
            descriptor_structs: meta.data_strings("descriptor_structs"),
        }
    }

    fn is_key(&self, name: &str) -> bool {
        let n: String = name.chars().filter(|c| *c != '_' && *c != '-').flat_map(char::to_lowercase).collect();
        self.keys.contains(&n.as_str())
    }

    fn is_write(&self, word: &str) -> bool {
        self.write_verbs.contains(&word)
    }

    fn is_read(&self, word: &str) -> bool {
        self.read_verbs.contains(&word)
    }

    /// The write verb of a tool, if its name or description says it changes something.
    fn verb(&self, name: &str, description: &str) -> Option<String> {
        let words = patterns::name_words(name);
        // The first verb of the name decides: `get_or_create` reads, `sqlite_read_query` reads,
        // `gl_create_issue` writes.
        // A word that is also a noun (`issue`, `order`, `post`) decides only where no plain verb
        // does: `issue_list` reads a list of issues, `issue_update` updates one.
        let plain = |w: &&String| !self.needs_object.contains(&w.as_str());
        let verb = |w: &&String| self.is_read(w) || self.is_write(w);
        let first = words.iter().filter(plain).find(verb).or_else(|| words.iter().find(verb));
        if first.is_some_and(|w| self.is_read(w)) {
            return None;
        }
        // `order_status`, `order-total`: a name that ends in what it reads.
        if words.len() > 1 && words.last().is_some_and(|w| self.read_nouns.contains(&w.as_str())) {
            return None;
        }
        // `trigger-sampling-request`, `start-notification-stream`: the verb acts on the protocol
        // conversation, not on the world.
        if words.iter().any(|w| self.protocol_words.contains(&w.as_str())) {
            return None;
        }
        // "A tool that confirms a payment": the first word that is not filler, and the few words
        // after it ("Send a sampling request" acts on the protocol conversation too).
        let desc_words = patterns::name_words(description);
        let start = desc_words.iter().take(6).position(|w| !self.filler_words.contains(&w.as_str()));
        let first_desc = start.and_then(|i| desc_words.get(i)).cloned().unwrap_or_default();
        let desc_verb = self.lemma(&first_desc);
        let desc_object = start.map_or(&[][..], |i| desc_words.get(i + 1..(i + 5).min(desc_words.len())).unwrap_or(&[]));
        if desc_verb.as_deref().is_some_and(|v| self.is_read(v)) {
            return None;
        }
        if desc_object.iter().any(|w| self.protocol_words.contains(&w.as_str())) {
            return None;
        }
        // "Add 7 and 22": a calculation on the numbers that follow.
        if desc_object.first().is_some_and(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit())) {
            return None;
        }
        // A verb that is also a noun or a calculation (`add`, `order`, `run`) needs an object
        // in the name to count: a tool called just `add` sums numbers.
        let alone = words.len() == 1;
        let write = words
            .iter()
            .filter(plain)
            .find(|w| self.is_write(w))
            .or_else(|| words.iter().find(|w| self.is_write(w) && !(alone && self.needs_object.contains(&w.as_str()))));
        if let Some(w) = write {
            return Some(w.clone());
        }
        desc_verb.filter(|v| self.is_write(v))
    }

    /// `Sends` → `send`, `Publishes` → `publish`: the verb a description starts with.
    fn lemma(&self, word: &str) -> Option<String> {
        if word.is_empty() {
            return None;
        }
        let plural_y = word.strip_suffix("ies").map(|w| format!("{w}y"));
        let candidates = [Some(word.to_string()), word.strip_suffix("es").map(str::to_string), word.strip_suffix('s').map(str::to_string), plural_y];
        candidates
            .into_iter()
            .flatten()
            .find(|w| self.is_write(w) || self.is_read(w))
    }
}

/// What is known about a tool's input.
enum Input {
    /// No key found in the schema, and nothing left to look at.
    NoKey,
    /// The schema has an idempotency key.
    Key,
    /// The schema is named but defined in another file.
    Elsewhere(String),
}

/// One tool found in a file.
struct Tool<'t> {
    name: String,
    /// Where to report: the tool's name.
    at: NodeRef<'t>,
    description: String,
    input: Input,
    safe_hint: bool,
}

impl Rule for NonIdempotentTool {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        vec![Kind::Call, Kind::Object, Kind::Case, Kind::Var, Kind::Container, Kind::Fn]
    }

    /// Its own code reads every node it is offered.
    fn own_kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        self.kinds(meta)
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        let lists = Lists::cached(cx.meta());
        match node.kind() {
            Kind::Var => schema_fact(node, lists, cx),
            Kind::Container => {
                struct_fact(node, cx);
                if cx.mcp() && !cx.test_file && !patterns::in_test_code(node) {
                    if let Some(tool) = tool_class(node, lists) {
                        judge(tool, lists, cx);
                    }
                }
            }
            Kind::Object => {
                if let Some(tool) = descriptor(node, lists) {
                    // A client shows tool lists too (UI fixtures, tests): only a file that serves
                    // tools or a Rust tool struct being built defines them, and a list typed with
                    // the project's own tool type, whatever the file imports; a test double
                    // defines none.
                    let serving = cx.mcp()
                        && (lists.descriptor_structs.contains(&node.text()) || serves_tools(cx.tree, lists));
                    if (serving || declared_as_tools(node, lists)) && !patterns::in_test_double(node) {
                        judge(tool, lists, cx);
                    }
                }
            }
            _ if !cx.mcp() => {}
            Kind::Fn => {
                if let Some(tool) = rmcp_tool(node, lists, cx).or_else(|| python_tool(node, lists, cx)) {
                    judge(tool, lists, cx);
                }
            }
            Kind::Call => {
                if let Some(tool) = registration(node, lists, cx.test_file) {
                    judge(tool, lists, cx);
                }
            }
            Kind::Case => dispatch_arm(node, lists, cx),
            _ => {}
        }
    }

    fn check_project(&self, cx: &mut ProjectCx<'_>) {
        let lists = Lists::cached(cx.meta);
        let mut described: HashSet<&str> = HashSet::new();
        let mut schemas: HashMap<&str, bool> = HashMap::new();
        for f in cx.own_facts() {
            match f.kind.as_str() {
                TOOL => {
                    described.insert(f.name.as_str());
                }
                SCHEMA => {
                    let keyed = f.data.iter().any(|k| lists.is_key(k));
                    let e = schemas.entry(f.name.as_str()).or_insert(false);
                    *e |= keyed;
                }
                _ => {}
            }
        }
        let mut reports: Vec<(ProjectFact, String)> = Vec::new();
        let mut arms_reported: HashSet<&str> = HashSet::new();
        for f in cx.own_facts() {
            let verb = f.data.first().cloned().unwrap_or_default();
            match f.kind.as_str() {
                // A schema from another file: judged by what the project defines under its name.
                PENDING => {
                    let schema = f.data.get(1).map(String::as_str).unwrap_or_default();
                    if schemas.get(schema) == Some(&false) {
                        reports.push((f.clone(), message(&f.name, &verb)));
                    }
                }
                // A dispatch arm whose tool no registration or descriptor describes; once per
                // tool, however many dispatches name it.
                ARM => {
                    let keyed = f.data.get(1).is_some_and(|k| k == "keyed");
                    if !keyed && !described.contains(f.name.as_str()) && arms_reported.insert(f.name.as_str()) {
                        reports.push((f.clone(), message(&f.name, &verb)));
                    }
                }
                _ => {}
            }
        }
        for (f, msg) in reports {
            cx.report_fact(&f, msg);
        }
    }
}

fn message(name: &str, verb: &str) -> String {
    format!(
        "tool `{name}` changes something (`{verb}`) and takes no idempotency key: a re-issued request or a multi-round retry runs it again"
    )
}

/// Decides a tool found in this file, or leaves it to the project pass.
fn judge(tool: Tool<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    cx.fact(tool.at, TOOL, tool.name.clone(), Vec::new());
    if tool.safe_hint {
        return;
    }
    let Some(verb) = lists.verb(&tool.name, &tool.description) else { return };
    match tool.input {
        Input::Key => {}
        Input::NoKey => {
            cx.report(tool.at, message(&tool.name, &verb));
        }
        Input::Elsewhere(schema) => {
            cx.demand(schema.clone());
            cx.fact(tool.at, PENDING, tool.name, vec![verb, schema]);
        }
    }
}

/// Follows a name to the value it was declared with in this file.
fn resolve(node: NodeRef<'_>) -> NodeRef<'_> {
    let mut cur = node;
    for _ in 0..4 {
        if cur.kind() != Kind::Ident {
            break;
        }
        match patterns::declaration_of(cur).filter(|d| d.child(Role::Pattern).is_none()).and_then(|d| d.child(Role::Init)) {
            Some(init) => cur = init,
            None => break,
        }
    }
    cur
}

/// The text of a string, a template, or a concatenation of strings.
fn text_of(node: NodeRef<'_>) -> String {
    let node = strip_conversion(resolve(node));
    match node.kind() {
        Kind::Str | Kind::Template => node.text().to_string(),
        Kind::Binary if node.text() == "+" => node.children().map(text_of).collect::<Vec<_>>().join(""),
        _ => String::new(),
    }
}

/// `mcp.mock.tool('invoke_agent', 'Mocked response!')`, `fakeServer.registerTool(…)`: a test
/// double's canned tool, which the project does not serve.
fn names_a_double(receiver: NodeRef<'_>) -> bool {
    receiver.path_segments().last().is_some_and(|segment| {
        patterns::name_words(segment).iter().any(|w| matches!(w.as_str(), "mock" | "mocks" | "fake" | "fakes" | "stub" | "stubs"))
    })
}

/// `server.registerTool(name, { description, inputSchema, annotations }, handler)` and
/// `server.tool(name, [description], [shape], [annotations], handler)`.
fn registration<'t>(call: NodeRef<'t>, lists: &Lists<'_>, test_file: bool) -> Option<Tool<'t>> {
    let callee = call.call_name()?;
    // FastMCP: `server.addTool({ name, description, parameters, annotations, execute })`.
    if lists.object_register_calls.contains(&callee) {
        let config = call.arg(0).map(resolve).filter(|c| c.kind() == Kind::Object)?;
        let name_node = config.field("name")?;
        let mut tool =
            Tool { name: name_node.str_value()?.to_string(), at: name_node, description: String::new(), input: Input::NoKey, safe_hint: false };
        fill_from_config(&mut tool, config, lists, test_file);
        if let Some(schema) = config.field("parameters") {
            tool.input = input_of(schema, lists);
        }
        return Some(tool);
    }
    if !lists.register_calls.contains(&callee) || call.receiver().is_some_and(names_a_double) {
        return None;
    }
    if callee == "tool" && !call.receiver().is_some_and(|r| patterns::receiver_matches(&lists.tool_receivers, r)) {
        return None;
    }
    let name_arg = call.arg(0)?;
    let name_value = resolve(name_arg);
    let name = name_value.str_value()?.to_string();
    let at = if name_arg.kind() == Kind::Str { name_arg } else { call };
    let rest: Vec<NodeRef<'t>> = call.args().skip(1).map(resolve).collect();
    let mut tool = Tool { name, at, description: String::new(), input: Input::NoKey, safe_hint: false };
    if callee == "tool" {
        for a in rest {
            match a.kind() {
                Kind::Str | Kind::Template | Kind::Binary => tool.description = text_of(a),
                Kind::Object if is_annotations(a) => tool.safe_hint |= has_safe_hint(a, lists),
                Kind::Object | Kind::Call | Kind::Member | Kind::Ident => tool.input = input_of(a, lists),
                _ => {}
            }
        }
    } else {
        let config = rest.first().copied().filter(|c| c.kind() == Kind::Object)?;
        fill_from_config(&mut tool, config, lists, test_file);
    }
    if call.args().last().is_some_and(|h| inert_test_handler(h, test_file)) {
        tool.safe_hint = true;
    }
    Some(tool)
}

/// An inert handler (see [`inert_handler`]) in test code: the tool is a fixture of the test.
/// Outside tests a stub body is work in progress, and the tool's name says what it will do.
fn inert_test_handler(handler: NodeRef<'_>, test_file: bool) -> bool {
    inert_handler(handler) && (test_file || patterns::in_test_code(handler))
}

/// Whether a handler is an inline function that only answers: it returns or throws values
/// built in place, and calls nothing but error constructors, timers and conversions. It cannot
/// change anything, so running it twice is harmless.
fn inert_handler(handler: NodeRef<'_>) -> bool {
    const HARMLESS: [&str; 9] = ["setTimeout", "sleep", "delay", "resolve", "stringify", "String", "Number", "toString", "Promise"];
    if handler.kind() != Kind::Fn {
        return false;
    }
    let Some(body) = handler.child(Role::Body) else { return false };
    std::iter::once(body).chain(body.descendants()).all(|n| match n.kind() {
        Kind::Assign | Kind::Loop => false,
        Kind::Call => {
            let name = n.call_name().unwrap_or_default();
            HARMLESS.contains(&name) || (n.has_flag(crate::tree::flags::NEW) && name.ends_with("Error"))
        }
        Kind::Unary => !matches!(n.text(), "++" | "--" | "delete"),
        _ => true,
    })
}

fn fill_from_config(tool: &mut Tool<'_>, config: NodeRef<'_>, lists: &Lists<'_>, test_file: bool) {
    if let Some(d) = config.field("description") {
        tool.description = text_of(d);
    }
    // A tool a test registers whose handler only answers (returns a constant, throws,
    // waits) changes nothing, whatever it is called: `duplicate-tool`, `add_with_extras`.
    if ["execute", "handler", "run"].iter().filter_map(|k| config.field(k)).any(|h| inert_test_handler(h, test_file)) {
        tool.safe_hint = true;
    }
    if let Some(schema) = lists.schema_keys.iter().find_map(|k| config.field(k)) {
        tool.input = input_of(schema, lists);
    }
    if let Some(a) = config.field("annotations").map(resolve) {
        tool.safe_hint = has_safe_hint(a, lists);
    }
}

/// `"x".into()`, `"x".to_string()`, `String::from("x")`: the string itself.
fn strip_conversion(node: NodeRef<'_>) -> NodeRef<'_> {
    if node.kind() == Kind::Call {
        match node.call_name() {
            Some("into" | "to_string" | "to_owned") => return node.receiver().unwrap_or(node),
            Some("from") if node.arg(0).is_some_and(|a| a.kind() == Kind::Str) => return node.arg(0).unwrap_or(node),
            _ => {}
        }
    }
    node
}

/// A tool descriptor in a list: `{ name: 'send_email', description, inputSchema, annotations }`.
fn descriptor<'t>(object: NodeRef<'t>, lists: &Lists<'_>) -> Option<Tool<'t>> {
    if !lists.schema_keys.iter().any(|k| object.field(k).is_some()) {
        return None;
    }
    let name_node = object.field("name").map(strip_conversion)?;
    let name = name_node.str_value()?.to_string();
    let mut tool = Tool { name, at: name_node, description: String::new(), input: Input::NoKey, safe_hint: false };
    fill_from_config(&mut tool, object, lists, false);
    Some(tool)
}

/// A tool written as a class of the project's own tool base class: its `name` and
/// `description` are string properties (a field, or a Python `@property` that returns a
/// literal), and it has an input schema member or an `execute` method
/// (`class CreateUserTool(BaseTool): name → "add_user"; async def execute(…)`).
fn tool_class<'t>(class: NodeRef<'t>, lists: &Lists<'_>) -> Option<Tool<'t>> {
    if class.has_flag(flags::IMPL) || class.children_with(Role::Implements).next().is_none() {
        return None;
    }
    let member = |name: &str| class.children().find(|m| matches!(m.kind(), Kind::Field | Kind::Fn) && m.text() == name);
    let schema = lists.schema_keys.iter().find_map(|k| member(k));
    if schema.is_none() && !member("execute").is_some_and(|m| m.kind() == Kind::Fn) {
        return None;
    }
    let name_node = member("name").and_then(string_member)?;
    let description = member("description").and_then(string_member).map(|d| d.text().to_string()).unwrap_or_default();
    let input = if schema.is_some_and(|s| names_key(s, lists)) { Input::Key } else { Input::NoKey };
    let safe_hint = member("annotations").is_some_and(|a| {
        std::iter::once(a).chain(a.descendants()).any(|o| o.kind() == Kind::Object && has_safe_hint(o, lists))
    });
    Some(Tool { name: name_node.text().to_string(), at: name_node, description, input, safe_hint })
}

/// The string a class member holds: a field's literal, or the one literal a property method
/// returns.
fn string_member(member: NodeRef<'_>) -> Option<NodeRef<'_>> {
    match member.kind() {
        Kind::Field => member.child(Role::Init).filter(|i| i.kind() == Kind::Str),
        Kind::Fn => {
            let mut returns = member.descendants().filter(|n| n.kind() == Kind::Return);
            let only = returns.next()?;
            if returns.next().is_some() {
                return None;
            }
            only.children().next().filter(|v| v.kind() == Kind::Str)
        }
        _ => None,
    }
}

/// A descriptor declared with a tool type of the project's own or of a server module:
/// `export const TOOLS: Tool[] = [{ … }]`, `Array<Tool>`, `const t: Tool = { … }`. A module of
/// tool lists is served from another file; a client's `Tool` (imported from a client package)
/// describes tools it received.
fn declared_as_tools(object: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    let holder = match object.parent() {
        Some(a) if a.kind() == Kind::Array && object.role() == Role::Elem => a,
        _ => object,
    };
    let Some(var) = holder.parent().filter(|v| matches!(v.kind(), Kind::Var | Kind::Field) && holder.role() == Role::Init)
    else {
        return false;
    };
    let Some(ty) = var.child(Role::Type) else { return false };
    let tool = if holder == object {
        Some(ty)
    } else if matches!(ty.text(), "" | "Array" | "ReadonlyArray") {
        ty.child(Role::TypeArg)
    } else {
        None
    };
    tool.filter(|t| lists.descriptor_structs.contains(&t.text())).is_some_and(|t| {
        patterns::import_of(t.tree().root(), t.text())
            .is_none_or(|i| i.text().starts_with('.') || lists.server_modules.iter().any(|m| i.text().contains(m)))
    })
}

/// Whether a file is on the serving side: it imports a server module or answers `tools/list`.
fn serves_tools(tree: &crate::tree::Tree, lists: &Lists<'_>) -> bool {
    tree.nodes().any(|n| match n.kind() {
        Kind::Import => lists.server_modules.iter().any(|m| n.text().contains(m)),
        Kind::Ident | Kind::Member | Kind::Type | Kind::Fn => lists.server_markers.contains(&n.text()),
        Kind::Str => n.text() == "tools/list",
        _ => false,
    })
}

/// An object of tool annotations rather than an input shape.
fn is_annotations(object: NodeRef<'_>) -> bool {
    let keys: Vec<&str> = object.keys().collect();
    !keys.is_empty() && keys.iter().all(|k| k.ends_with("Hint") || *k == "title")
}

fn has_safe_hint(annotations: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    annotations.children().any(|p| {
        p.kind() == Kind::Pair && lists.hints.contains(&p.text()) && patterns::value_is(crate::rules::ValueIs::True, p.value())
    })
}

/// Whether a schema or shape names an idempotency key: an object key, a `properties` entry, a
/// `required` string, a field.
fn names_key(node: NodeRef<'_>, lists: &Lists<'_>) -> bool {
    std::iter::once(node).chain(node.descendants()).any(|n| match n.kind() {
        Kind::Pair => !n.has_flag(flags::COMPUTED) && lists.is_key(n.text()),
        Kind::Field => lists.is_key(n.text()),
        Kind::Str => lists.is_key(n.text()),
        _ => false,
    })
}

/// What a tool's input schema says: resolved within the file where it can be, by name where it
/// comes from another file.
fn input_of(schema: NodeRef<'_>, lists: &Lists<'_>) -> Input {
    input_at(schema, lists, 0)
}

fn input_at(schema: NodeRef<'_>, lists: &Lists<'_>, depth: u8) -> Input {
    if names_key(schema, lists) {
        return Input::Key;
    }
    if depth > 3 {
        return Input::NoKey;
    }
    // The names a schema is built from: its own root (`Schema.shape`, `Base.extend({…})`),
    // the arguments of a converter (`zodToJsonSchema(Schema)`, which come last so that they
    // name the schema over the converter) and spreads (`{ ...Base.shape, x }`).
    let mut roots = vec![schema.chain_root()];
    if schema.kind() == Kind::Call {
        roots.extend(schema.args().map(|a| a.chain_root()));
    }
    roots.extend(
        schema
            .descendants()
            .filter(|d| d.kind() == Kind::Spread)
            .map(|s| s.children().next().and_then(|c| c.chain_root())),
    );
    let mut elsewhere = None;
    for root in roots.into_iter().flatten() {
        if matches!(root.text(), "z" | "zod" | "Type" | "t" | "v") {
            continue;
        }
        match patterns::declaration_of(root) {
            Some(decl) if decl.child(Role::Pattern).is_some() => {}
            Some(decl) => {
                if let Some(init) = decl.child(Role::Init) {
                    match input_at(init, lists, depth + 1) {
                        Input::Key => return Input::Key,
                        Input::Elsewhere(n) => elsewhere = Some(n),
                        Input::NoKey => {}
                    }
                }
            }
            None => elsewhere = Some(root.text().to_string()),
        }
    }
    elsewhere.map_or(Input::NoKey, Input::Elsewhere)
}


/// A module-level schema (`export const SendArgs = z.object({…})`): its keys, for tools in
/// other files that use it.
fn schema_fact(var: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    if var.text().is_empty() || !var.parent().is_some_and(|p| p.kind() == Kind::Module) {
        return;
    }
    let Some(init) = var.child(Role::Init) else { return };
    if !matches!(init.kind(), Kind::Object | Kind::Call | Kind::Member) {
        return;
    }
    let keys: Vec<String> = std::iter::once(init)
        .chain(init.descendants())
        .filter(|n| (n.kind() == Kind::Pair && !n.has_flag(flags::COMPUTED)) || (n.kind() == Kind::Str && lists.is_key(n.text())))
        .map(|n| n.text().to_string())
        .collect();
    if keys.is_empty() {
        return;
    }
    cx.fact(var, SCHEMA, var.text(), keys);
}

/// A struct that can be a tool's parameters (it derives `Deserialize` or `JsonSchema`): its
/// field names and `#[serde(rename = "…")]` names, for rmcp tools in other files.
fn struct_fact(container: NodeRef<'_>, cx: &mut FileCx<'_>) {
    if container.has_flag(flags::IMPL) || container.has_flag(flags::INTERFACE) || container.text().is_empty() {
        return;
    }
    let derives = container.children_with(Role::Attr).any(|a| {
        a.text().ends_with("derive") && a.descendants().any(|d| matches!(d.text(), "Deserialize" | "JsonSchema"))
    });
    if !derives {
        return;
    }
    let mut keys = Vec::new();
    for field in container.children().filter(|f| f.kind() == Kind::Field) {
        keys.push(field.text().to_string());
        for rename in field
            .children_with(Role::Attr)
            .filter(|a| a.text().ends_with("serde"))
            .flat_map(|a| a.descendants().filter(|d| d.kind() == Kind::Pair && d.text() == "rename"))
            .filter_map(|p| p.value().and_then(|v| v.str_value()))
        {
            keys.push(rename.to_string());
        }
    }
    cx.fact(container, SCHEMA, container.text(), keys);
}

/// A Python tool function: `@mcp.tool()` / `@mcp.tool` / `@server.tool(name=…,
/// description=…, annotations=ToolAnnotations(idempotentHint=True))` on a function whose
/// parameters are its input (an `idempotency_key` parameter is a key); the description is the
/// `description=` argument or the docstring's first words. Test code defines no tools.
fn python_tool<'t>(f: NodeRef<'t>, lists: &Lists<'_>, cx: &FileCx<'_>) -> Option<Tool<'t>> {
    if f.tree().lang() != crate::tree::Lang::Python || cx.test_file || patterns::in_test_code(f) {
        return None;
    }
    let attr = f.children_with(Role::Attr).find(|a| a.text() == "tool" || a.text().ends_with(".tool"))?;
    let settings = attr.children().find(|o| o.kind() == Kind::Object);
    let setting = |key: &str| settings.and_then(|o| o.field(key));
    let (name, at) = match setting("name").and_then(|v| v.str_value().map(|s| (s.to_string(), v))) {
        Some((n, v)) => (n, v),
        None => (f.text().to_string(), f),
    };
    let docstring = || {
        f.child(Role::Body)
            .and_then(|b| b.children().next())
            .filter(|s| s.kind() == Kind::Str)
            .map(|s| s.text().to_string())
            .unwrap_or_default()
    };
    let description = setting("description").and_then(|d| d.str_value().map(str::to_string)).unwrap_or_else(docstring);
    let safe_hint = settings.is_some_and(|o| {
        o.descendants().any(|n| {
            matches!(n.kind(), Kind::Pair) && lists.hints.contains(&n.text()) && patterns::value_is(crate::rules::ValueIs::True, n.value())
        })
    });
    let keyed = f.children_with(Role::Param).any(|p| lists.is_key(p.text()));
    Some(Tool { name, at, description, input: if keyed { Input::Key } else { Input::NoKey }, safe_hint })
}

/// An rmcp tool: `#[tool(name = …, description = …, annotations(…))] async fn x(&self,
/// Parameters(args): Parameters<T>)` in a `#[tool_router]` impl.
fn rmcp_tool<'t>(f: NodeRef<'t>, lists: &Lists<'_>, cx: &FileCx<'_>) -> Option<Tool<'t>> {
    let attr = f.children_with(Role::Attr).find(|a| is_tool_attr(a.text()))?;
    let container = f.parent().filter(|c| c.kind() == Kind::Container && c.has_flag(flags::IMPL))?;
    if !container.children_with(Role::Attr).any(|a| a.text().ends_with("tool_router") || is_tool_attr(a.text())) {
        return None;
    }
    let setting = |key: &str| attr.children().find(|p| p.kind() == Kind::Pair && p.text() == key).and_then(|p| p.value());
    let (name, at) = match setting("name").and_then(|v| v.str_value().map(|s| (s.to_string(), v))) {
        Some((n, v)) => (n, v),
        None => (f.text().to_string(), f),
    };
    let description = setting("description").map(text_of).unwrap_or_else(|| doc_comment(f, cx));
    let safe_hint = attr
        .children()
        .filter(|o| o.kind() == Kind::Object && o.text() == "annotations")
        .any(|o| has_safe_hint(o, lists));
    let mut tool = Tool { name, at, description, input: Input::NoKey, safe_hint };
    // `Parameters<T>` (rmcp ≥ 0.3), `#[tool(aggr)] args: T` (older): the struct decides, wherever
    // it is; `#[tool(param)] x: String` parameters are the input themselves.
    let mut own_keys = Vec::new();
    for param in f.children_with(Role::Param) {
        let Some(ty) = param.child(Role::Type) else { continue };
        let aggr = param.children_with(Role::Attr).any(|a| is_tool_attr(a.text()) && a.descendants().any(|d| d.text() == "aggr"));
        if ty.text() == "Parameters" || ty.text() == "Json" {
            if let Some(t) = ty.type_args().next() {
                tool.input = Input::Elsewhere(t.text().to_string());
            }
        } else if aggr {
            tool.input = Input::Elsewhere(ty.text().to_string());
        } else if param.children_with(Role::Attr).any(|a| is_tool_attr(a.text())) {
            own_keys.push(param.text().to_string());
        }
    }
    if own_keys.iter().any(|k| lists.is_key(k)) {
        tool.input = Input::Key;
    }
    Some(tool)
}

fn is_tool_attr(path: &str) -> bool {
    path == "tool" || path.ends_with("::tool")
}

/// The `///` doc comment of a function: between the previous item and the function's name.
fn doc_comment(f: NodeRef<'_>, cx: &FileCx<'_>) -> String {
    let limit = f.name_span().map_or(f.start(), |(s, _)| s);
    let floor = f
        .parent()
        .and_then(|p| p.children().take_while(|c| *c != f).last())
        .map_or_else(|| f.parent().map_or(0, |p| p.start()), |prev| prev.end());
    cx.tree
        .comments
        .iter()
        .map(|c| (c, c.text(cx.source)))
        .filter(|(c, text)| (c.start as usize) >= floor && (c.end as usize) <= limit && text.starts_with("///"))
        .map(|(_, text)| text.trim_start_matches('/').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `case 'send_email': …` in a `tools/call` dispatch (`switch (request.params.name)`).
fn dispatch_arm(case: NodeRef<'_>, lists: &Lists<'_>, cx: &mut FileCx<'_>) {
    let Some(switch) = case.parent().filter(|s| s.kind() == Kind::Switch) else { return };
    let Some(scrutinee) = switch.child(Role::Scrutinee) else { return };
    let segments: Vec<&str> = scrutinee
        .path_segments()
        .into_iter()
        .filter(|s| !matches!(*s, "as_str" | "as_ref" | "to_string" | "deref" | "as_deref" | "unwrap_or_default"))
        .collect();
    let Some(last) = segments.last() else { return };
    if !lists.dispatch_names.contains(last) {
        return;
    }
    // The switch must be a tool dispatch: on `params.name`, or in a function about tools.
    let on_params = segments.iter().any(|s| *s == "params" || s.to_ascii_lowercase().contains("tool"));
    let in_tool_fn = switch
        .ancestors()
        .filter(|a| a.kind() == Kind::Fn)
        .any(|f| f.text().to_ascii_lowercase().contains("tool") || is_call_tool_handler(f));
    if !on_params && !in_tool_fn {
        return;
    }
    let keyed = case
        .children()
        .filter(|c| c.role() != Role::Pattern)
        .any(|b| std::iter::once(b).chain(b.descendants()).any(|n| match n.kind() {
            Kind::Member | Kind::Ident | Kind::Str => lists.is_key(n.text()),
            _ => false,
        }));
    for pattern in case.children_with(Role::Pattern) {
        let Some(name) = pattern.str_value() else { continue };
        let Some(verb) = lists.verb(name, "") else { continue };
        let data = vec![verb, if keyed { "keyed".to_string() } else { String::new() }];
        cx.fact(pattern, ARM, name, data);
    }
}

/// A function passed to `setRequestHandler(CallToolRequestSchema | 'tools/call', …)`.
fn is_call_tool_handler(f: NodeRef<'_>) -> bool {
    let Some(call) = f.parent().filter(|c| f.role() == Role::Arg && c.kind() == Kind::Call) else { return false };
    call.arg(0).is_some_and(|a| a.text() == "CallToolRequestSchema" || a.str_value() == Some("tools/call"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists() -> &'static Lists<'static> {
        let registry = crate::rules::registry().unwrap_or_else(|e| panic!("{e}"));
        let def = registry.get("MCP601").unwrap_or_else(|| panic!("no MCP601"));
        Lists::cached(&def.meta)
    }

    /// The verb named in a finding is the name's plain verb; a word that is also a noun
    /// (`message`, `issue`) names it only where no plain verb does.
    #[test]
    fn the_verb_reported_is_the_plain_verb_of_the_name() {
        let l = lists();
        assert_eq!(l.verb("irc.message.redact", "").as_deref(), Some("redact"));
        assert_eq!(l.verb("send_message", "").as_deref(), Some("send"));
        assert_eq!(l.verb("issue_update", "").as_deref(), Some("update"));
        assert_eq!(l.verb("message_user", "").as_deref(), Some("message"));
        assert_eq!(l.verb("get_or_create", ""), None);
    }
}
