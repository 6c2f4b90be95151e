//! TypeScript and JavaScript front end: tree-sitter parse, lowered into the neutral tree.
//!
//! `.ts`/`.mts`/`.cts` use the TypeScript grammar; `.tsx` and every JavaScript extension use
//! the TSX grammar, which also parses plain JavaScript with JSX. tree-sitter recovers from
//! syntax errors, so whatever parsed is analyzed. The walk uses an explicit stack: nesting
//! depth costs heap, never the thread's stack.

use tree_sitter::{Node, Parser};

use super::ParseFailure;
use crate::source::SourceFile;
use crate::tree::{flags, Kind, Lang, NodeId, Role, Tree, TreeBuilder};

/// Which grammar to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    TypeScript,
    /// TSX, also used for JavaScript (with or without JSX).
    Tsx,
}

impl Dialect {
    pub fn for_extension(ext: &str) -> Option<Dialect> {
        match ext {
            "ts" | "mts" | "cts" => Some(Dialect::TypeScript),
            "tsx" | "js" | "jsx" | "mjs" | "cjs" => Some(Dialect::Tsx),
            _ => None,
        }
    }
}

thread_local! {
    // A parser per thread and grammar, reused across files.
    static PARSERS: std::cell::RefCell<(Option<Parser>, Option<Parser>)> = const { std::cell::RefCell::new((None, None)) };
}

/// A parser for a dialect (the benchmark's floor parses with the same).
pub fn new_parser(dialect: Dialect) -> Result<Parser, ParseFailure> {
    let mut parser = Parser::new();
    let language = match dialect {
        Dialect::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT,
        Dialect::Tsx => tree_sitter_typescript::LANGUAGE_TSX,
    };
    parser
        .set_language(&language.into())
        .map_err(|e| ParseFailure { reason: format!("grammar could not be loaded: {e}"), offset: None })?;
    Ok(parser)
}

/// Parses and lowers one file.
pub fn lower(source: &SourceFile, dialect: Dialect) -> Result<Tree, ParseFailure> {
    let text = source.text();
    let ts_tree = PARSERS.with(|cell| {
        let mut slots = cell.borrow_mut();
        let slot = match dialect {
            Dialect::TypeScript => &mut slots.0,
            Dialect::Tsx => &mut slots.1,
        };
        if slot.is_none() {
            *slot = Some(new_parser(dialect)?);
        }
        let Some(parser) = slot.as_mut() else {
            return Err(ParseFailure { reason: "parser unavailable".into(), offset: None });
        };
        super::parse_bounded(parser, text)
    })?;
    let fields = field_ids(&ts_tree.language());
    let mut lowerer = Lowerer {
        src: text,
        cursor: ts_tree.walk(),
        b: TreeBuilder::new(Lang::TypeScript, text.len()),
        fields,
        names: Names::of(dialect),
    };
    lowerer.run(ts_tree.root_node());
    Ok(lowerer.b.finish())
}

/// The grammar fields the lowering reads.
#[derive(Clone, Copy)]
enum F {
    Alias,
    Argument,
    Arguments,
    Body,
    Function,
    Key,
    Name,
    Object,
    Operator,
    OptionalChain,
    Parameter,
    Parameters,
    Pattern,
    Property,
    ReturnType,
    Source,
    Type,
    TypeArguments,
    Value,
}

const FIELD_NAMES: [&str; 19] = [
    "alias",
    "argument",
    "arguments",
    "body",
    "function",
    "key",
    "name",
    "object",
    "operator",
    "optional_chain",
    "parameter",
    "parameters",
    "pattern",
    "property",
    "return_type",
    "source",
    "type",
    "type_arguments",
    "value",
];

/// The ids of [`FIELD_NAMES`] in a grammar (0, which matches no child, for a field it lacks).
fn field_ids(language: &tree_sitter::Language) -> [u16; 19] {
    FIELD_NAMES.map(|n| language.field_id_for_name(n).map_or(0, |id| id.get()))
}

enum Work<'t> {
    Visit(Node<'t>, Role),
    Close,
}

struct Lowerer<'s, 't> {
    src: &'s str,
    /// One cursor for every walk over a node's children: `Node::walk` allocates a new one.
    cursor: tree_sitter::TreeCursor<'t>,
    b: TreeBuilder,
    fields: [u16; FIELD_NAMES.len()],
    names: &'static Names,
}

/// A grammar's node kind and field names, by id.
struct Names {
    kinds: Vec<&'static str>,
    fields: Vec<Option<&'static str>>,
}

impl Names {
    fn of(dialect: Dialect) -> &'static Names {
        static TYPESCRIPT: std::sync::OnceLock<Names> = std::sync::OnceLock::new();
        static TSX: std::sync::OnceLock<Names> = std::sync::OnceLock::new();
        let (cell, language) = match dialect {
            Dialect::TypeScript => (&TYPESCRIPT, tree_sitter_typescript::LANGUAGE_TYPESCRIPT),
            Dialect::Tsx => (&TSX, tree_sitter_typescript::LANGUAGE_TSX),
        };
        cell.get_or_init(|| {
            let language: tree_sitter::Language = language.into();
            let kinds = (0..language.node_kind_count())
                .map(|id| u16::try_from(id).ok().and_then(|id| language.node_kind_for_id(id)).unwrap_or(""))
                .collect();
            let fields = (0..=language.field_count())
                .map(|id| u16::try_from(id).ok().and_then(|id| language.field_name_for_id(id)))
                .collect();
            Names { kinds, fields }
        })
    }
}

impl<'s, 't> Lowerer<'s, 't> {
    fn run(&mut self, root: Node<'t>) {
        let mut stack = vec![Work::Visit(root, Role::None)];
        while let Some(work) = stack.pop() {
            match work {
                Work::Close => self.b.close(),
                Work::Visit(node, role) => self.visit(node, role, &mut stack),
            }
        }
    }

    /// A node's kind by table lookup: `Node::kind` measures and validates the grammar's C string
    /// on every call.
    fn kind(&self, node: Node<'_>) -> &'static str {
        match self.names.kinds.get(usize::from(node.kind_id())) {
            Some(k) => k,
            None => node.kind(),
        }
    }

    fn field_name(&self, id: Option<std::num::NonZeroU16>) -> Option<&'static str> {
        id.and_then(|id| self.names.fields.get(usize::from(id.get())).copied().flatten())
    }

    fn text(&self, node: Node<'_>) -> &'s str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    fn span(node: Node<'_>) -> (usize, usize) {
        (node.start_byte(), node.end_byte())
    }

    /// Opens a neutral node and schedules its children (with roles from their fields).
    fn open(&mut self, node: Node<'t>, kind: Kind, role: Role, text: &str, stack: &mut Vec<Work<'t>>) -> NodeId {
        let id = self.b.open(kind, role, Self::span(node), text);
        // Only declarations have a `name` field; looking it up walks the children.
        let name = if matches!(kind, Kind::Field | Kind::Container) { self.child(node, F::Name) } else { None };
        if let Some(name) = name {
            self.b.set_name_span(id, Self::span(name));
        }
        stack.push(Work::Close);
        // A declaration's own name is its `text`, not an identifier used in it: a class field
        // `oninitialized?: () => void` must not read as a use of `oninitialized`.
        let declared = name.filter(|n| {
            matches!(kind, Kind::Field | Kind::Container)
                && matches!(
                    self.kind(*n),
                    "identifier" | "property_identifier" | "private_property_identifier" | "type_identifier"
                )
        });
        self.push_children_except(node, stack, None, declared.map(|n| n.id()));
        id
    }

    /// Schedules the named children of `node`; `inherit` gives them all one role.
    fn push_children(&mut self, node: Node<'t>, stack: &mut Vec<Work<'t>>, inherit: Option<Role>) {
        self.push_children_except(node, stack, inherit, None);
    }

    fn push_children_except(
        &mut self,
        node: Node<'t>,
        stack: &mut Vec<Work<'t>>,
        inherit: Option<Role>,
        skip: Option<usize>,
    ) {
        let parent_kind = self.kind(node);
        // Pushed in order, then reversed in place, so the first child is visited first.
        let mark = stack.len();
        // The count is stored in the tree; stepping stops at the last named child instead of
        // walking the closing tokens (`)`, `;`, `}`) and failing at the end, the costliest step.
        let mut named_left = node.named_child_count();
        self.cursor.reset(node);
        if named_left > 0 && self.cursor.goto_first_child() {
            loop {
                let child = self.cursor.node();
                if child.is_named() {
                    named_left -= 1;
                    if Some(child.id()) != skip {
                        // The field is looked up only when it decides the role.
                        let role = match inherit {
                            Some(role) => role,
                            None => role_for(parent_kind, self.field_name(self.cursor.field_id()), self.kind(child)),
                        };
                        stack.push(Work::Visit(child, role));
                    }
                }
                if named_left == 0 || !self.cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        if let Some(pushed) = stack.get_mut(mark..) {
            pushed.reverse();
        }
    }

    fn field_text(&self, node: Node<'_>, field: F) -> &'s str {
        self.child(node, field).map_or("", |n| self.text(n))
    }

    /// The child in a field, looked up by the field's id (by name, tree-sitter compares the
    /// name with every field name of the grammar).
    fn child(&self, node: Node<'t>, field: F) -> Option<Node<'t>> {
        node.child_by_field_id(self.fields[field as usize])
    }

    fn visit(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        if node.is_missing() {
            return;
        }
        let kind = self.kind(node);
        match kind {
            "comment" | "html_comment" | "hash_bang_line" => {
                self.b.comment(Self::span(node));
            }
            "program" => {
                self.open(node, Kind::Module, role, "", stack);
            }
            // `export { X as Y } from './x'`, `export * from './x'`: an import that re-exports.
            "export_statement" if self.child(node, F::Source).is_some() => self.reexport(node, role),
            // Wrappers with no meaning of their own.
            "parenthesized_expression"
            | "expression_statement"
            | "export_statement"
            | "else_clause"
            | "type_annotation"
            | "as_expression"
            | "satisfies_expression"
            | "non_null_expression"
            | "type_assertion"
            | "lexical_declaration"
            | "variable_declaration"
            | "class_heritage"
            | "formal_parameters"
            | "arguments"
            | "switch_body"
            | "class_body"
            | "interface_body"
            | "type_arguments"
            | "implements_clause"
            | "extends_clause"
            | "extends_type_clause"
            | "template_substitution"
            | "parenthesized_type"
            | "opting_type_annotation"
            | "omitting_type_annotation"
            | "adding_type_annotation"
            | "asserts_annotation"
            | "type_predicate_annotation"
            | "enum_body"
            | "statement_identifier" => {
                let inherit = match kind {
                    "arguments" => Some(Role::Arg),
                    "formal_parameters" => Some(Role::Param),
                    "switch_body" => Some(Role::Case),
                    "class_body" | "interface_body" | "enum_body" => Some(Role::Stmt),
                    "type_arguments" => Some(Role::TypeArg),
                    "implements_clause" | "extends_clause" | "extends_type_clause" => Some(Role::Implements),
                    "as_expression" | "satisfies_expression" | "type_assertion" => {
                        // Keep the expression, drop the asserted type.
                        if let Some(expr) = node.named_child(if kind == "type_assertion" { 1 } else { 0 }) {
                            stack.push(Work::Visit(expr, role));
                        }
                        return;
                    }
                    "statement_identifier" => return,
                    _ => Some(role),
                };
                self.push_children(node, stack, inherit);
            }
            "string" => {
                let value = decode_string(self.text(node));
                self.b.leaf(Kind::Str, role, Self::span(node), &value);
            }
            "template_string" => self.template(node, role, stack),
            "number" => {
                let id = self.b.leaf(Kind::Num, role, Self::span(node), "");
                if let Some(v) = parse_js_int(self.text(node)) {
                    self.b.set_int(id, v);
                }
            }
            "true" | "false" => {
                self.b.leaf(Kind::Bool, role, Self::span(node), kind);
            }
            "null" => {
                self.b.leaf(Kind::Null, role, Self::span(node), "null");
            }
            "identifier"
            | "property_identifier"
            | "shorthand_property_identifier_pattern"
            | "private_property_identifier"
            | "this"
            | "super"
            | "undefined"
            | "type_identifier"
            | "import" => {
                let k = if kind == "type_identifier" { Kind::Type } else { Kind::Ident };
                let text = self.text(node);
                self.b.leaf(k, role, Self::span(node), text);
            }
            "predefined_type" | "literal_type" | "this_type" => {
                let text = self.text(node);
                self.b.leaf(Kind::Type, role, Self::span(node), text);
            }
            "nested_type_identifier" => {
                let text = self.field_text(node, F::Name);
                self.b.leaf(Kind::Type, role, Self::span(node), text);
            }
            "generic_type" => {
                let name = self.child(node, F::Name).map_or("", |n| match self.kind(n) {
                    "nested_type_identifier" => self.field_text(n, F::Name),
                    _ => self.text(n),
                });
                self.b.open(Kind::Type, role, Self::span(node), name);
                stack.push(Work::Close);
                if let Some(args) = self.child(node, F::TypeArguments) {
                    self.push_children(args, stack, Some(Role::TypeArg));
                }
            }
            "object_type" => {
                self.b.open(Kind::Type, role, Self::span(node), "{}");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::Elem));
            }
            "union_type"
            | "intersection_type"
            | "array_type"
            | "tuple_type"
            | "function_type"
            | "readonly_type"
            | "conditional_type"
            | "lookup_type"
            | "index_type_query"
            | "type_query"
            | "constructor_type"
            | "optional_type"
            | "rest_type"
            | "template_literal_type"
            | "infer_type"
            | "mapped_type_clause" => {
                self.b.open(Kind::Type, role, Self::span(node), "");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::TypeArg));
            }
            "property_signature" | "public_field_definition" | "field_definition" => {
                let name = self.key_text(self.child(node, F::Name).or_else(|| self.child(node, F::Property)));
                self.open(node, Kind::Field, role, &name, stack);
            }
            "index_signature" => {
                let name = self.field_text(node, F::Name);
                let id = self.open(node, Kind::Field, role, name, stack);
                self.b.set_flag(id, flags::INDEX_SIG);
            }
            "member_expression" => {
                let property = self.child(node, F::Property);
                let id = self.b.open(Kind::Member, role, Self::span(node), property.map_or("", |p| self.text(p)));
                if let Some(p) = property {
                    self.b.set_name_span(id, Self::span(p));
                }
                stack.push(Work::Close);
                if self.child(node, F::OptionalChain).is_some() {
                    self.b.set_flag(id, flags::OPTIONAL);
                }
                if let Some(object) = self.child(node, F::Object) {
                    stack.push(Work::Visit(object, Role::Object));
                }
            }
            "subscript_expression" => {
                self.open(node, Kind::Index, role, "", stack);
            }
            "call_expression" => {
                let awaited = self.child(node, F::Function).filter(|f| self.kind(*f) == "await_expression");
                match awaited.and_then(|f| f.named_child(0).map(|inner| (f, inner))) {
                    // tree-sitter reads `await rpc<T>(x)` as `(await rpc)<T>(x)`: lower it as
                    // `await (rpc<T>(x))`, the way TypeScript reads it.
                    Some((f, inner)) => {
                        self.b.open(Kind::Unary, role, Self::span(node), "await");
                        self.b.open(Kind::Call, Role::Operand, (inner.start_byte(), node.end_byte()), "");
                        stack.push(Work::Close);
                        stack.push(Work::Close);
                        self.push_children_except(node, stack, None, Some(f.id()));
                        stack.push(Work::Visit(inner, Role::Callee));
                    }
                    None => {
                        self.open(node, Kind::Call, role, "", stack);
                    }
                }
            }
            "new_expression" => {
                let id = self.open(node, Kind::Call, role, "", stack);
                self.b.set_flag(id, flags::NEW);
            }
            "binary_expression" => {
                let op = self.field_text(node, F::Operator);
                self.open(node, Kind::Binary, role, op, stack);
            }
            "unary_expression" => {
                let op = self.field_text(node, F::Operator);
                let arg = self.child(node, F::Argument);
                if op == "-" {
                    if let Some(v) = arg.filter(|a| self.kind(*a) == "number").and_then(|a| parse_js_int(self.text(a)))
                    {
                        let id = self.b.leaf(Kind::Num, role, Self::span(node), "");
                        self.b.set_int(id, v.wrapping_neg());
                        return;
                    }
                }
                self.open(node, Kind::Unary, role, op, stack);
            }
            "update_expression" => {
                let op = if self.text(node).contains("++") { "++" } else { "--" };
                self.open(node, Kind::Unary, role, op, stack);
            }
            "await_expression" => {
                self.b.open(Kind::Unary, role, Self::span(node), "await");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::Operand));
            }
            "spread_element" | "rest_pattern" => {
                self.b.open(Kind::Spread, role, Self::span(node), "");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::Operand));
            }
            "assignment_expression" | "augmented_assignment_expression" | "assignment_pattern" => {
                let op = self.child(node, F::Operator).map_or("=", |o| self.text(o));
                self.open(node, Kind::Assign, role, op, stack);
            }
            "ternary_expression" | "if_statement" => {
                self.open(node, Kind::If, role, "", stack);
            }
            "switch_statement" => {
                self.open(node, Kind::Switch, role, "", stack);
            }
            "switch_case" | "switch_default" => {
                self.open(node, Kind::Case, Role::Case, "", stack);
            }
            "while_statement" | "do_statement" | "for_statement" | "for_in_statement" => {
                self.open(node, Kind::Loop, role, "", stack);
            }
            "break_statement" => {
                self.b.leaf(Kind::Break, role, Self::span(node), "");
            }
            "continue_statement" => {
                self.b.leaf(Kind::Continue, role, Self::span(node), "");
            }
            "return_statement" => {
                self.b.open(Kind::Return, role, Self::span(node), "");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::Operand));
            }
            "throw_statement" => {
                self.b.open(Kind::Throw, role, Self::span(node), "");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::Operand));
            }
            "object" | "object_pattern" => {
                self.b.open(Kind::Object, role, Self::span(node), "");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::Elem));
            }
            "pair" | "pair_pattern" => self.pair(node, role, stack),
            "shorthand_property_identifier" => {
                let name = self.text(node);
                let id = self.b.open(Kind::Pair, role, Self::span(node), name);
                self.b.set_flag(id, flags::SHORTHAND);
                self.b.set_name_span(id, Self::span(node));
                self.b.leaf(Kind::Ident, Role::Value, Self::span(node), name);
                self.b.close();
            }
            "array" | "array_pattern" => {
                self.b.open(Kind::Array, role, Self::span(node), "");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::Elem));
            }
            "function_declaration"
            | "function_expression"
            | "function"
            | "generator_function_declaration"
            | "generator_function"
            | "arrow_function"
            | "method_definition"
            | "method_signature"
            | "abstract_method_signature"
            | "function_signature" => self.function(node, role, stack),
            "required_parameter" | "optional_parameter" => {
                let pattern = self.child(node, F::Pattern);
                let name = pattern.filter(|p| self.kind(*p) == "identifier").map_or("", |p| self.text(p));
                let id = self.b.open(Kind::Param, role, Self::span(node), name);
                if let Some(p) = pattern {
                    self.b.set_name_span(id, Self::span(p));
                }
                if self.kind(node) == "optional_parameter" {
                    self.b.set_flag(id, flags::OPTIONAL);
                }
                if pattern.is_some_and(|p| self.kind(p) == "rest_pattern") {
                    self.b.set_flag(id, flags::REST);
                }
                stack.push(Work::Close);
                if let Some(v) = self.child(node, F::Value) {
                    stack.push(Work::Visit(v, Role::Init));
                }
                if let Some(t) = self.child(node, F::Type) {
                    stack.push(Work::Visit(t, Role::Type));
                }
                if let Some(p) = pattern.filter(|p| self.kind(*p) != "identifier") {
                    stack.push(Work::Visit(p, Role::Pattern));
                }
            }
            "class_declaration" | "class" | "abstract_class_declaration" => {
                let name = self.field_text(node, F::Name);
                self.open(node, Kind::Container, role, name, stack);
            }
            "interface_declaration" => {
                let name = self.field_text(node, F::Name);
                let id = self.open(node, Kind::Container, role, name, stack);
                self.b.set_flag(id, flags::INTERFACE);
            }
            "type_alias_declaration" => {
                let name = self.field_text(node, F::Name);
                let id = self.open(node, Kind::Container, role, name, stack);
                self.b.set_flag(id, flags::INTERFACE);
            }
            "enum_declaration" => {
                let name = self.field_text(node, F::Name);
                self.open(node, Kind::Container, role, name, stack);
            }
            "enum_assignment" => {
                let name = self.key_text(self.child(node, F::Name));
                self.open(node, Kind::Field, role, &name, stack);
            }
            "variable_declarator" => {
                let name_node = self.child(node, F::Name);
                let name = name_node.filter(|n| self.kind(*n) == "identifier").map_or("", |n| self.text(n));
                let id = self.b.open(Kind::Var, role, Self::span(node), name);
                if let Some(n) = name_node {
                    self.b.set_name_span(id, Self::span(n));
                }
                stack.push(Work::Close);
                if let Some(v) = self.child(node, F::Value) {
                    stack.push(Work::Visit(v, Role::Init));
                }
                if let Some(t) = self.child(node, F::Type) {
                    stack.push(Work::Visit(t, Role::Type));
                }
                if let Some(p) = name_node.filter(|n| self.kind(*n) != "identifier") {
                    stack.push(Work::Visit(p, Role::Pattern));
                }
            }
            // `export { a, b as c } [from 'm']`: names, like imports, are not uses.
            "export_clause" => {}
            "import_statement" => {
                let spec = self.child(node, F::Source).map(|s| decode_string(self.text(s)));
                self.b.open(Kind::Import, role, Self::span(node), spec.as_deref().unwrap_or(""));
                self.import_bindings(node);
                self.b.close();
            }
            "import_alias" => {
                self.b.leaf(Kind::Import, role, Self::span(node), "");
            }
            "decorator" => {
                let target = node.named_child(0);
                let name = target.map_or(String::new(), |t| match self.kind(t) {
                    "call_expression" => self.child(t, F::Function).map_or(String::new(), |f| self.text(f).to_string()),
                    _ => self.text(t).to_string(),
                });
                self.b.open(Kind::Attribute, Role::Attr, Self::span(node), &name);
                stack.push(Work::Close);
                if let Some(args) =
                    target.filter(|t| self.kind(*t) == "call_expression").and_then(|t| self.child(t, F::Arguments))
                {
                    self.push_children(args, stack, Some(Role::Arg));
                }
            }
            "statement_block" | "class_static_block" => {
                self.b.open(Kind::Block, role, Self::span(node), "");
                stack.push(Work::Close);
                self.push_children(node, stack, Some(Role::Stmt));
            }
            _ => {
                // Unknown or uninteresting constructs (JSX, try/catch, labels, ERROR nodes
                // from recovery): keep the children so literals inside are still seen.
                self.b.open(Kind::Other, role, Self::span(node), "");
                stack.push(Work::Close);
                let inherit = if kind == "program" { Some(Role::Stmt) } else { None };
                self.push_children(node, stack, inherit);
            }
        }
    }

    /// The local names an import binds, as `Other` leaves under the `Import` (see
    /// [`Kind::Import`]): rules that must know where a name comes from (`Client` from
    /// `@modelcontextprotocol/client` or from `pg`) read them; no pattern matches `Other`.
    fn import_bindings(&mut self, node: Node<'_>) {
        let mut cursor = node.walk();
        let clauses: Vec<Node<'_>> =
            node.named_children(&mut cursor).filter(|c| self.kind(*c) == "import_clause").collect();
        for clause in clauses {
            let mut cursor = clause.walk();
            let parts: Vec<Node<'_>> = clause.named_children(&mut cursor).collect();
            for part in parts {
                match self.kind(part) {
                    "identifier" => self.named_binding("default", part),
                    "namespace_import" => {
                        if let Some(id) = part.named_child(0) {
                            self.named_binding("*", id);
                        }
                    }
                    "named_imports" => {
                        let mut cursor = part.walk();
                        let specs: Vec<Node<'_>> =
                            part.named_children(&mut cursor).filter(|c| self.kind(*c) == "import_specifier").collect();
                        for spec in specs {
                            let name = self.child(spec, F::Name);
                            match (name, self.child(spec, F::Alias)) {
                                (Some(name), Some(alias)) => self.binding(alias, Some(name)),
                                (Some(name), None) => self.binding(name, None),
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// `export { a, b as c } from './m'` (bindings as an import's, the exported name as the
    /// local one), `export * as ns from './m'` (`*` as `ns`), `export * from './m'` (`*` as
    /// `*`), under an `Import` flagged [`flags::REEXPORT`].
    fn reexport(&mut self, node: Node<'_>, role: Role) {
        let spec = self.child(node, F::Source).map(|s| decode_string(self.text(s))).unwrap_or_default();
        let id = self.b.open(Kind::Import, role, Self::span(node), &spec);
        self.b.set_flag(id, flags::REEXPORT);
        let mut cursor = node.walk();
        let parts: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        let mut named = false;
        for part in parts {
            match self.kind(part) {
                "export_clause" => {
                    named = true;
                    let mut cursor = part.walk();
                    let specs: Vec<Node<'_>> =
                        part.named_children(&mut cursor).filter(|c| self.kind(*c) == "export_specifier").collect();
                    for spec in specs {
                        match (self.child(spec, F::Name), self.child(spec, F::Alias)) {
                            (Some(name), Some(alias)) => self.binding(alias, Some(name)),
                            (Some(name), None) => self.binding(name, None),
                            _ => {}
                        }
                    }
                }
                "namespace_export" => {
                    named = true;
                    if let Some(id) = part.named_child(0) {
                        self.named_binding("*", id);
                    }
                }
                _ => {}
            }
        }
        if !named {
            let span = Self::span(node);
            self.b.leaf(Kind::Other, Role::Key, span, "*");
            self.b.leaf(Kind::Other, Role::Value, span, "*");
        }
        self.b.close();
    }

    /// A binding whose exported name is not written: `default` for `import X from …`, `*` for
    /// `import * as X from …`.
    fn named_binding(&mut self, exported: &str, local: Node<'_>) {
        self.b.leaf(Kind::Other, Role::Key, Self::span(local), exported);
        let text = self.text(local);
        self.b.leaf(Kind::Other, Role::Value, Self::span(local), text);
    }

    fn binding(&mut self, local: Node<'_>, imported: Option<Node<'_>>) {
        if let Some(imported) = imported {
            let text = self.key_text(Some(imported));
            self.b.leaf(Kind::Other, Role::Key, Self::span(imported), &text);
            let text = self.text(local);
            self.b.leaf(Kind::Other, Role::Value, Self::span(local), text);
        } else {
            let text = self.text(local);
            self.b.leaf(Kind::Other, Role::Elem, Self::span(local), text);
        }
    }

    /// Whether a function has the `async` keyword, and its decorators, in one walk over its
    /// children.
    fn async_and_decorators(&mut self, node: Node<'t>) -> (bool, Vec<Node<'t>>) {
        let mut is_async = false;
        let mut decorators = Vec::new();
        self.cursor.reset(node);
        if self.cursor.goto_first_child() {
            loop {
                let c = self.cursor.node();
                match self.kind(c) {
                    "async" if !c.is_named() => is_async = true,
                    "decorator" => decorators.push(c),
                    _ => {}
                }
                if !self.cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        (is_async, decorators)
    }

    /// The text of an object key or class member name.
    fn key_text(&self, key: Option<Node<'_>>) -> String {
        match key {
            Some(k) if self.kind(k) == "string" => decode_string(self.text(k)),
            Some(k) => self.text(k).to_string(),
            None => String::new(),
        }
    }

    fn pair(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        let key = self.child(node, F::Key);
        let value = self.child(node, F::Value);
        let computed = key.is_some_and(|k| self.kind(k) == "computed_property_name");
        let text = if computed { String::new() } else { self.key_text(key) };
        let id = self.b.open(Kind::Pair, role, Self::span(node), &text);
        if let Some(k) = key {
            self.b.set_name_span(id, Self::span(k));
        }
        if key.is_some_and(|k| self.kind(k) == "string") {
            self.b.set_flag(id, flags::STRING_KEY);
        }
        stack.push(Work::Close);
        if let Some(v) = value {
            stack.push(Work::Visit(v, Role::Value));
        }
        if let Some(k) = key.filter(|_| computed) {
            self.b.set_flag(id, flags::COMPUTED);
            self.push_children(k, stack, Some(Role::Key));
        }
    }

    fn function(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        let name_node = self.child(node, F::Name);
        let name = self.key_text(name_node);
        let name_span = name_node.map(Self::span);
        // A method in an object literal is a pair whose value is the function.
        // `Node::parent` searches down from the root; an object gives its members the role `Elem`
        // (a class body gives `Stmt`).
        let in_object = self.kind(node) == "method_definition" && role == Role::Elem;
        if in_object {
            let pair = self.b.open(Kind::Pair, role, Self::span(node), &name);
            if let Some(ns) = name_span {
                self.b.set_name_span(pair, ns);
            }
        }
        let id = self.b.open(Kind::Fn, if in_object { Role::Value } else { role }, Self::span(node), &name);
        if let Some(ns) = name_span {
            self.b.set_name_span(id, ns);
        }
        let (is_async, decorators) = self.async_and_decorators(node);
        if is_async {
            self.b.set_flag(id, flags::ASYNC);
        }
        stack.push(Work::Close);
        if in_object {
            stack.push(Work::Close);
        }
        if let Some(body) = self.child(node, F::Body) {
            stack.push(Work::Visit(body, Role::Body));
        }
        if let Some(ret) = self.child(node, F::ReturnType) {
            stack.push(Work::Visit(ret, Role::Type));
        }
        if let Some(params) = self.child(node, F::Parameters) {
            self.push_children(params, stack, Some(Role::Param));
        } else if let Some(param) = self.child(node, F::Parameter) {
            // `x => …`: a bare identifier parameter.
            let text = self.text(param);
            let id = self.b.leaf(Kind::Param, Role::Param, Self::span(param), text);
            self.b.set_name_span(id, Self::span(param));
        }
        for d in decorators.into_iter().rev() {
            stack.push(Work::Visit(d, Role::Attr));
        }
    }

    fn template(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        let mut literal = String::new();
        let mut substitutions = Vec::new();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match self.kind(child) {
                "string_fragment" => literal.push_str(self.text(child)),
                "escape_sequence" => literal.push_str(&decode_string(&format!("'{}'", self.text(child)))),
                "template_substitution" => substitutions.push(child),
                _ => {}
            }
        }
        if substitutions.is_empty() {
            // tree-sitter-typescript has no fragment nodes for plain template text in some
            // versions: fall back to the raw text between the backticks.
            if literal.is_empty() {
                let raw = self.text(node);
                literal = raw.trim_start_matches('`').trim_end_matches('`').to_string();
            }
            self.b.leaf(Kind::Str, role, Self::span(node), &literal);
            return;
        }
        self.b.open(Kind::Template, role, Self::span(node), &literal);
        stack.push(Work::Close);
        for sub in substitutions.into_iter().rev() {
            self.push_children(sub, stack, Some(Role::Elem));
        }
    }
}

/// The role of a child from its parent's kind and its field name.
fn role_for(parent: &str, field: Option<&str>, child_kind: &str) -> Role {
    let Some(field) = field else {
        return match parent {
            "program" | "statement_block" => Role::Stmt,
            "array" => Role::Elem,
            "decorator" => Role::Attr,
            _ if child_kind == "decorator" => Role::Attr,
            _ => Role::None,
        };
    };
    match (parent, field) {
        ("call_expression", "function") | ("new_expression", "constructor") => Role::Callee,
        ("call_expression" | "new_expression", "arguments") => Role::Arg,
        (_, "object") => Role::Object,
        ("subscript_expression", "index") => Role::Index,
        (_, "left") => Role::Left,
        (_, "right") => match parent {
            "for_in_statement" => Role::Init,
            _ => Role::Right,
        },
        (_, "argument") => Role::Operand,
        (_, "condition") => Role::Cond,
        (_, "consequence") => Role::Then,
        (_, "alternative") => Role::Else,
        ("switch_statement", "value") => Role::Scrutinee,
        ("switch_statement", "body") => Role::Case,
        ("switch_case", "value") => Role::Pattern,
        (_, "body") => match parent {
            "class_declaration" | "class" | "abstract_class_declaration" | "interface_declaration" => Role::Stmt,
            _ => Role::Body,
        },
        (_, "type") => Role::Type,
        (_, "value") if parent == "type_alias_declaration" => Role::Type,
        (_, "value") => Role::Init,
        (_, "initializer") => Role::Init,
        (_, "increment") => Role::None,
        (_, "decorator") => Role::Attr,
        (_, "index_type") => Role::Key,
        (_, "type_parameters") | (_, "name") | (_, "key") | (_, "property") | (_, "operator") => Role::None,
        _ => Role::None,
    }
}

/// The value of a JS string literal (with its quotes), escapes decoded.
pub fn decode_string(raw: &str) -> String {
    let inner = if raw.len() >= 2 && (raw.starts_with('"') || raw.starts_with('\'') || raw.starts_with('`')) {
        raw.get(1..raw.len() - 1).unwrap_or("")
    } else {
        raw
    };
    if !inner.contains('\\') {
        return inner.to_string();
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('v') => out.push('\u{b}'),
            Some('0') => out.push('\0'),
            Some('\n') => {}
            Some('\r') if chars.peek() == Some(&'\n') => {
                chars.next();
            }
            Some('\r') => {}
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some('u') => {
                let hex: String = if chars.peek() == Some(&'{') {
                    chars.next();
                    chars.by_ref().take_while(|&c| c != '}').collect()
                } else {
                    chars.by_ref().take(4).collect()
                };
                if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// An integer literal in any JS spelling (`32002`, `32_002`, `0x7D02`, `0o`, `0b`, `10n`).
pub fn parse_js_int(raw: &str) -> Option<i64> {
    let clean: String = raw.chars().filter(|&c| c != '_').collect();
    let clean = clean.strip_suffix('n').unwrap_or(&clean);
    let lower = clean.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        i64::from_str_radix(hex, 16).ok()
    } else if let Some(oct) = lower.strip_prefix("0o") {
        i64::from_str_radix(oct, 8).ok()
    } else if let Some(bin) = lower.strip_prefix("0b") {
        i64::from_str_radix(bin, 2).ok()
    } else if lower.contains(['.', 'e']) {
        // `1e3` and `32002.0` are numbers too, compared by value when integral.
        let v: f64 = lower.parse().ok()?;
        (v.fract() == 0.0 && v.abs() < 9.0e15).then_some(v as i64)
    } else {
        lower.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::ts as lower_ts;
    use crate::tree::NodeRef;

    fn find<'t>(t: &'t Tree, kind: Kind, text: &str) -> NodeRef<'t> {
        match t.nodes().find(|n| n.kind() == kind && n.text() == text) {
            Some(n) => n,
            None => panic!("no {kind:?} {text:?}"),
        }
    }

    #[test]
    fn object_methods_are_pairs_and_class_methods_are_not() {
        let t = lower_ts("const h = { async ping() { return 1; } };\nclass C { async ping() {} }");
        let fns: Vec<_> = t.nodes().filter(|n| n.kind() == Kind::Fn && n.text() == "ping").collect();
        let [in_object, in_class] = fns.as_slice() else { panic!("two methods expected, got {}", fns.len()) };
        assert_eq!(in_object.parent().map(|p| (p.kind(), p.text())), Some((Kind::Pair, "ping")));
        assert_eq!(in_object.role(), Role::Value);
        assert!(in_object.has_flag(flags::ASYNC));
        assert_ne!(in_class.parent().map(|p| p.kind()), Some(Kind::Pair));
        assert!(in_class.has_flag(flags::ASYNC));
        let _ = find(&t, Kind::Container, "C");
    }

    #[test]
    fn calls_members_and_strings() {
        let t = lower_ts("const sid = req.headers['mcp-session-id'] as string;\nclient.ping();");
        let s = find(&t, Kind::Str, "mcp-session-id");
        assert_eq!(s.role(), Role::Index);
        assert_eq!(s.parent().map(|p| p.kind()), Some(Kind::Index));
        let var = find(&t, Kind::Var, "sid");
        assert!(var.child(Role::Init).is_some());
        let call = t.nodes().find(|n| n.kind() == Kind::Call).map(|c| c.call_name());
        assert_eq!(call, Some(Some("ping")));
    }

    #[test]
    fn numbers_fold_sign_and_separators() {
        let t = lower_ts("if (e.code === -32_002 || e.code === -0x7D02) {}");
        let nums: Vec<i64> = t.nodes().filter_map(|n| n.int()).collect();
        assert_eq!(nums, vec![-32002, -32002]);
    }

    #[test]
    fn objects_switches_and_index_signatures() {
        let src = "const transports: { [sessionId: string]: Transport } = {};\n\
                   switch (msg.method) { case 'ping': return { method: \"ping\" }; default: break; }";
        let t = lower_ts(src);
        let field = find(&t, Kind::Field, "sessionId");
        assert!(field.has_flag(flags::INDEX_SIG));
        assert_eq!(field.child(Role::Type).map(|ty| ty.text()), Some("Transport"));
        let case_str = t.nodes().find(|n| n.kind() == Kind::Str && n.role() == Role::Pattern);
        assert!(case_str.is_some_and(crate::patterns::is_method_position));
        let pair_value = t.nodes().find(|n| n.kind() == Kind::Str && n.role() == Role::Value);
        assert!(pair_value.is_some_and(crate::patterns::is_method_position));
    }

    /// The lowering stops reading a node's children at its last named one, trusting the count
    /// tree-sitter stores; it must match what the cursor sees, hidden rules, aliases and error
    /// recovery included.
    #[test]
    fn stored_named_child_counts_match_the_children() {
        let sources = [
            "@Controller('mcp') class A<T> extends B implements C { @Get() f(a = 1, ...r: T[]) { return a?.b!; } }",
            "const x = <div a={1}>{`t${y}`}</div>; export default async function* g() { yield* h(); }",
            "switch (m) { case 'a': break; default: label: for (const k in o) continue label; }",
            "function broken( { return 1 +; }\nlet z = [1, , 3]; type U = { [k: string]: number } | (() => void);",
            "import x, { y as w } from 'z'; enum E { A = 1, B } namespace N { declare let q: typeof import('r'); }",
        ];
        for (src, dialect) in sources.iter().flat_map(|s| [(s, Dialect::TypeScript), (s, Dialect::Tsx)]) {
            let Ok(mut parser) = new_parser(dialect) else { panic!("no grammar") };
            let Some(tree) = parser.parse(src, None) else { panic!("no tree for {src}") };
            let mut stack = vec![tree.root_node()];
            while let Some(n) = stack.pop() {
                let mut cursor = n.walk();
                let named: Vec<_> = n.children(&mut cursor).filter(|c| c.is_named()).collect();
                assert_eq!(named.len(), n.named_child_count(), "{} in {src}", n.kind());
                stack.extend(named);
            }
        }
    }

    #[test]
    fn optional_chains_are_marked() {
        let t = lower_ts("const a = x?.y; const b = x.z;");
        assert!(find(&t, Kind::Member, "y").has_flag(flags::OPTIONAL));
        assert!(!find(&t, Kind::Member, "z").has_flag(flags::OPTIONAL));
    }

    #[test]
    fn comments_are_not_nodes() {
        let t = lower_ts("// Mcp-Session-Id\n/** ping */\nconst x = 1;");
        assert_eq!(t.comments.len(), 2);
        assert!(t.nodes().all(|n| n.kind() != Kind::Str));
    }

    #[test]
    fn classes_implement() {
        let t = lower_ts("class S implements EventStore { async storeEvent(id: string) {} }");
        let c = find(&t, Kind::Container, "S");
        assert!(crate::patterns::implements_any(c, &["EventStore".to_string()]));
        let f = find(&t, Kind::Fn, "storeEvent");
        assert!(f.has_flag(flags::ASYNC));
    }

    #[test]
    fn awaited_generic_calls_keep_their_callee() {
        let t = lower_ts("async function f() { const r = await rpc<{ a: string }>(url, 'initialize'); }");
        let call = t.nodes().find(|n| n.kind() == Kind::Call);
        assert_eq!(call.and_then(|c| c.call_name()), Some("rpc"));
        assert_eq!(call.map(|c| c.args().count()), Some(2));
        assert_eq!(call.and_then(|c| c.parent()).map(|p| (p.kind(), p.text())), Some((Kind::Unary, "await")));
    }

    #[test]
    fn declared_names_are_not_identifiers() {
        let t = lower_ts("class S { oninitialized?: () => void; x = other; }\ninterface I { foo: string }");
        let idents: Vec<&str> = t.nodes().filter(|n| n.kind() == Kind::Ident).map(|n| n.text()).collect();
        assert_eq!(idents, vec!["other"]);
        assert!(t.nodes().all(|n| !(n.kind() == Kind::Type && matches!(n.text(), "S" | "I"))));
        assert_eq!(find(&t, Kind::Field, "oninitialized").name_span().map(|(s, e)| e - s), Some(13));
    }

    #[test]
    fn imports_name_their_bindings() {
        let t = lower_ts(
            "import Default, { Client as McpClient, type Tool } from '@modelcontextprotocol/client';\n\
             import * as sdk from '@modelcontextprotocol/server';\nimport './side-effect.js';",
        );
        let imports: Vec<_> = t.nodes().filter(|n| n.kind() == Kind::Import).collect();
        assert_eq!(imports.len(), 3);
        assert_eq!(imports[0].text(), "@modelcontextprotocol/client");
        assert_eq!(
            imports[0].import_bindings(),
            vec![("default", "Default"), ("Client", "McpClient"), ("Tool", "Tool")]
        );
        assert_eq!(imports[1].import_bindings(), vec![("*", "sdk")]);
        assert!(imports[2].import_bindings().is_empty());
        // One binding is found by its local name, as the list gives it.
        assert_eq!(imports[0].imported_as("McpClient"), Some("Client"));
        assert_eq!(imports[0].imported_as("Default"), Some("default"));
        assert_eq!(imports[0].imported_as("Client"), None);
        assert_eq!(imports[1].imported_as("sdk"), Some("*"));
        // Bindings are not identifiers: name patterns never match an import line.
        assert!(t.nodes().all(|n| n.kind() != Kind::Ident));
    }

    #[test]
    fn jsx_in_javascript_parses() {
        let src = "const el = <div title=\"x\">{fetch('/mcp')}</div>;";
        let t = match lower(&SourceFile::new(src.to_string()), Dialect::Tsx) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        };
        assert!(t.nodes().any(|n| n.kind() == Kind::Str && n.text() == "/mcp"));
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let src = format!("x = {}1{};", "(".repeat(100_000), ")".repeat(100_000));
        let t = lower_ts(&src);
        assert!(t.len() > 1);
    }

    #[test]
    fn string_escapes() {
        assert_eq!(decode_string(r#"'Mcp-\u0053ession-Id'"#), "Mcp-Session-Id");
        assert_eq!(decode_string(r#""a\"b""#), "a\"b");
        assert_eq!(parse_js_int("0b11"), Some(3));
        assert_eq!(parse_js_int("1e3"), Some(1000));
    }
}
