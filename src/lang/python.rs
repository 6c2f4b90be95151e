//! Python front end: tree-sitter parse, lowered into the neutral tree.
//!
//! Python's constructs map onto the kinds the other front ends use, so that rules read them
//! unchanged: a keyword argument list becomes one options `Object` (`FastMCP("x",
//! stateless_http=False)` reads as `new McpServer({…}, { stateless_http: false })`), a
//! dictionary an `Object`, `and`/`or`/`not` the operators `&&`/`||`/`!`, `is`/`is not` the
//! strict comparisons, `match` a `Switch`, a decorator an `Attribute`, a module-level
//! assignment a `Var` and a class-level one a `Field`, and a type annotation a `Type`.
//! tree-sitter recovers from syntax errors, so whatever parsed is analyzed, as for TypeScript.
//! The walk uses an explicit stack: nesting depth costs heap, never the thread's stack.

use tree_sitter::{Node, Parser};

use super::typescript::decode_string;
use super::ParseFailure;
use crate::source::SourceFile;
use crate::tree::{flags, Kind, Lang, NodeId, Role, Tree, TreeBuilder};

thread_local! {
    // A parser per thread, reused across files.
    static PARSER: std::cell::RefCell<Option<Parser>> = const { std::cell::RefCell::new(None) };
}

/// A parser for Python (the benchmark's floor parses with the same).
pub fn new_parser() -> Result<Parser, ParseFailure> {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_python::LANGUAGE.into())
        .map_err(|e| ParseFailure { reason: format!("grammar could not be loaded: {e}"), offset: None })?;
    Ok(parser)
}

/// Whether a file extension is Python source (`.pyi` stubs included).
pub fn is_python_extension(ext: &str) -> bool {
    matches!(ext, "py" | "pyi")
}

/// Parses and lowers one file.
pub fn lower(source: &SourceFile) -> Result<Tree, ParseFailure> {
    let text = source.text();
    let ts_tree = PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(new_parser()?);
        }
        let Some(parser) = slot.as_mut() else {
            return Err(ParseFailure { reason: "parser unavailable".into(), offset: None });
        };
        super::parse_bounded(parser, text)
    })?;
    let mut lowerer = Lowerer { src: text, b: TreeBuilder::new(Lang::Python, text.len()), names: Names::get() };
    lowerer.run(ts_tree.root_node());
    Ok(lowerer.b.finish())
}

/// The grammar's node kind names, by id: `Node::kind` validates a C string on every call.
struct Names {
    kinds: Vec<&'static str>,
}

impl Names {
    fn get() -> &'static Names {
        static NAMES: std::sync::OnceLock<Names> = std::sync::OnceLock::new();
        NAMES.get_or_init(|| {
            let language: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
            let kinds = (0..language.node_kind_count())
                .map(|id| u16::try_from(id).ok().and_then(|id| language.node_kind_for_id(id)).unwrap_or(""))
                .collect();
            Names { kinds }
        })
    }
}

enum Work<'t> {
    Visit(Node<'t>, Role),
    /// A node in a type annotation.
    Type(Node<'t>, Role),
    /// A statement of a class body: an annotated or assigned name is a field.
    Member(Node<'t>),
    /// The `elif`/`else` clauses of an `if`, the first one lowered as its `Else`.
    Alternatives(Vec<Node<'t>>),
    /// Keyword arguments and `**kwargs` of a call, gathered into one options object.
    Keywords(Vec<Node<'t>>),
    /// A parameter of a function or lambda.
    Param(Node<'t>),
    Close,
}

struct Lowerer<'s> {
    src: &'s str,
    b: TreeBuilder,
    names: &'static Names,
}

impl<'s> Lowerer<'s> {
    fn run<'t>(&mut self, root: Node<'t>) {
        let mut stack = vec![Work::Visit(root, Role::None)];
        while let Some(work) = stack.pop() {
            match work {
                Work::Close => self.b.close(),
                Work::Visit(node, role) => self.visit(node, role, &mut stack),
                Work::Type(node, role) => self.visit_type(node, role, &mut stack),
                Work::Member(node) => self.member(node, &mut stack),
                Work::Alternatives(alts) => self.alternatives(alts, &mut stack),
                Work::Keywords(kws) => self.keywords(kws, &mut stack),
                Work::Param(node) => self.param(node, &mut stack),
            }
        }
    }

    fn kind(&self, node: Node<'_>) -> &'static str {
        match self.names.kinds.get(usize::from(node.kind_id())) {
            Some(k) => k,
            None => node.kind(),
        }
    }

    fn text(&self, node: Node<'_>) -> &'s str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    fn span(node: Node<'_>) -> (usize, usize) {
        (node.start_byte(), node.end_byte())
    }

    fn field<'t>(node: Node<'t>, name: &str) -> Option<Node<'t>> {
        node.child_by_field_name(name)
    }

    fn named_children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
        let mut cursor = node.walk();
        node.named_children(&mut cursor).collect()
    }

    /// Schedules `children` in order with one role.
    fn push_all<'t>(stack: &mut Vec<Work<'t>>, children: Vec<Node<'t>>, role: Role) {
        stack.extend(children.into_iter().rev().map(|c| Work::Visit(c, role)));
    }

    /// Opens a node and schedules its close, then the named children (comments go to the
    /// comment list wherever they are).
    fn open_with<'t>(
        &mut self,
        node: Node<'t>,
        kind: Kind,
        role: Role,
        text: &str,
        inherit: Role,
        stack: &mut Vec<Work<'t>>,
    ) -> NodeId {
        let id = self.b.open(kind, role, Self::span(node), text);
        stack.push(Work::Close);
        Self::push_all(stack, Self::named_children(node), inherit);
        id
    }

    fn visit<'t>(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        if node.is_missing() {
            return;
        }
        let kind = self.kind(node);
        match kind {
            "comment" => self.b.comment(Self::span(node)),
            "module" => {
                self.open_with(node, Kind::Module, role, "", Role::Stmt, stack);
            }
            // Wrappers with no meaning of their own.
            // `case -32002:`: the pattern's sign is a token of its own, not a unary operator.
            "case_pattern" if self.text(node).starts_with('-') => {
                let negated =
                    node.named_child(0).filter(|n| self.kind(*n) == "integer").and_then(|n| parse_py_int(self.text(n)));
                match negated {
                    Some(v) => {
                        let id = self.b.leaf(Kind::Num, role, Self::span(node), "");
                        self.b.set_int(id, v.wrapping_neg());
                    }
                    None => Self::push_all(stack, Self::named_children(node), role),
                }
            }
            "expression_statement" | "parenthesized_expression" | "with_clause" | "case_pattern" => {
                Self::push_all(stack, Self::named_children(node), role);
            }
            "with_item" => {
                if let Some(v) = Self::field(node, "value") {
                    stack.push(Work::Visit(v, role));
                }
            }
            // `assert cond, message` reads as Rust's `assert!(cond, message)`: rules that know
            // test assertions see the condition as its first argument.
            "assert_statement" => {
                self.open_with(node, Kind::Macro, role, "assert", Role::Arg, stack);
            }
            "pass_statement" | "keyword_separator" | "positional_separator" | "line_continuation" => {}
            "block" => {
                self.open_with(node, Kind::Block, role, "", Role::Stmt, stack);
            }
            "string" => self.string(node, role, stack),
            "concatenated_string" => self.concatenated(node, role, stack),
            "integer" | "float" => {
                let id = self.b.leaf(Kind::Num, role, Self::span(node), "");
                if let Some(v) = parse_py_int(self.text(node)) {
                    self.b.set_int(id, v);
                }
            }
            "true" => {
                self.b.leaf(Kind::Bool, role, Self::span(node), "true");
            }
            "false" => {
                self.b.leaf(Kind::Bool, role, Self::span(node), "false");
            }
            "none" => {
                self.b.leaf(Kind::Null, role, Self::span(node), "null");
            }
            "identifier" => {
                let text = self.text(node);
                self.b.leaf(Kind::Ident, role, Self::span(node), text);
            }
            "attribute" => {
                let attr = Self::field(node, "attribute");
                let id = self.b.open(Kind::Member, role, Self::span(node), attr.map_or("", |a| self.text(a)));
                if let Some(a) = attr {
                    self.b.set_name_span(id, Self::span(a));
                }
                stack.push(Work::Close);
                if let Some(object) = Self::field(node, "object") {
                    stack.push(Work::Visit(object, Role::Object));
                }
            }
            "subscript" => {
                self.b.open(Kind::Index, role, Self::span(node), "");
                stack.push(Work::Close);
                let mut cursor = node.walk();
                let subs: Vec<Node<'t>> = node.children_by_field_name("subscript", &mut cursor).collect();
                Self::push_all(stack, subs, Role::Index);
                if let Some(v) = Self::field(node, "value") {
                    stack.push(Work::Visit(v, Role::Object));
                }
            }
            "call" => {
                self.b.open(Kind::Call, role, Self::span(node), "");
                stack.push(Work::Close);
                if let Some(args) = Self::field(node, "arguments") {
                    self.arguments(args, stack);
                }
                if let Some(f) = Self::field(node, "function") {
                    stack.push(Work::Visit(f, Role::Callee));
                }
            }
            "keyword_argument" => self.keyword(node, role, stack),
            "binary_operator" => {
                let op = Self::field(node, "operator").map_or("", |o| self.text(o));
                self.binary(node, op, role, stack);
            }
            "boolean_operator" => {
                let op = match Self::field(node, "operator").map(|o| self.text(o)) {
                    Some("and") => "&&",
                    _ => "||",
                };
                self.binary(node, op, role, stack);
            }
            "comparison_operator" => self.comparison(node, role, stack),
            "not_operator" => {
                self.b.open(Kind::Unary, role, Self::span(node), "!");
                stack.push(Work::Close);
                if let Some(a) = Self::field(node, "argument") {
                    stack.push(Work::Visit(a, Role::Operand));
                }
            }
            "unary_operator" => {
                let op = Self::field(node, "operator").map_or("", |o| self.text(o));
                let arg = Self::field(node, "argument");
                if op == "-" {
                    if let Some(v) = arg.filter(|a| self.kind(*a) == "integer").and_then(|a| parse_py_int(self.text(a)))
                    {
                        let id = self.b.leaf(Kind::Num, role, Self::span(node), "");
                        self.b.set_int(id, v.wrapping_neg());
                        return;
                    }
                }
                self.b.open(Kind::Unary, role, Self::span(node), op);
                stack.push(Work::Close);
                if let Some(a) = arg {
                    stack.push(Work::Visit(a, Role::Operand));
                }
            }
            "await" => {
                self.open_with(node, Kind::Unary, role, "await", Role::Operand, stack);
            }
            "assignment" => self.assignment(node, role, false, stack),
            "augmented_assignment" => {
                let op = Self::field(node, "operator").map_or("=", |o| self.text(o));
                self.b.open(Kind::Assign, role, Self::span(node), op);
                stack.push(Work::Close);
                if let Some(r) = Self::field(node, "right") {
                    stack.push(Work::Visit(r, Role::Right));
                }
                if let Some(l) = Self::field(node, "left") {
                    stack.push(Work::Visit(l, Role::Left));
                }
            }
            "named_expression" => {
                let name = Self::field(node, "name").map_or("", |n| self.text(n));
                let id = self.b.open(Kind::Var, role, Self::span(node), name);
                if let Some(n) = Self::field(node, "name") {
                    self.b.set_name_span(id, Self::span(n));
                }
                stack.push(Work::Close);
                if let Some(v) = Self::field(node, "value") {
                    stack.push(Work::Visit(v, Role::Init));
                }
            }
            // `with open() as f`, `except E as e`: `f` is bound to the expression.
            "as_pattern" => {
                let children = Self::named_children(node);
                let alias = Self::field(node, "alias");
                let target = alias.and_then(|a| a.named_child(0)).or(alias);
                let simple = target.filter(|t| self.kind(*t) == "identifier");
                let id = self.b.open(Kind::Var, role, Self::span(node), simple.map_or("", |t| self.text(t)));
                if let Some(t) = simple {
                    self.b.set_name_span(id, Self::span(t));
                }
                stack.push(Work::Close);
                if let Some(t) = target.filter(|_| simple.is_none()) {
                    stack.push(Work::Visit(t, Role::Pattern));
                }
                if let Some(value) = children.into_iter().find(|c| Some(c.id()) != alias.map(|a| a.id())) {
                    stack.push(Work::Visit(value, Role::Init));
                }
            }
            "if_statement" => {
                self.b.open(Kind::If, role, Self::span(node), "");
                stack.push(Work::Close);
                let mut cursor = node.walk();
                let alts: Vec<Node<'t>> = node.children_by_field_name("alternative", &mut cursor).collect();
                if !alts.is_empty() {
                    stack.push(Work::Alternatives(alts));
                }
                if let Some(c) = Self::field(node, "consequence") {
                    stack.push(Work::Visit(c, Role::Then));
                }
                if let Some(c) = Self::field(node, "condition") {
                    stack.push(Work::Visit(c, Role::Cond));
                }
            }
            "conditional_expression" => {
                // `a if c else b`
                self.b.open(Kind::If, role, Self::span(node), "");
                stack.push(Work::Close);
                let children = Self::named_children(node);
                let roles = [Role::Then, Role::Cond, Role::Else];
                for (c, r) in children.into_iter().zip(roles).rev() {
                    stack.push(Work::Visit(c, r));
                }
            }
            "for_statement" | "while_statement" => {
                self.b.open(Kind::Loop, role, Self::span(node), "");
                stack.push(Work::Close);
                if let Some(a) = Self::field(node, "alternative") {
                    stack.push(Work::Visit(a, Role::Else));
                }
                if let Some(b) = Self::field(node, "body") {
                    stack.push(Work::Visit(b, Role::Body));
                }
                if let Some(c) = Self::field(node, "condition") {
                    stack.push(Work::Visit(c, Role::Cond));
                }
                if let Some(r) = Self::field(node, "right") {
                    stack.push(Work::Visit(r, Role::Init));
                }
                if let Some(l) = Self::field(node, "left") {
                    stack.push(Work::Visit(l, Role::Pattern));
                }
            }
            "else_clause" => {
                if let Some(b) = Self::field(node, "body") {
                    stack.push(Work::Visit(b, role));
                }
            }
            "match_statement" => {
                self.b.open(Kind::Switch, role, Self::span(node), "");
                stack.push(Work::Close);
                let cases = Self::field(node, "body").map(Self::named_children).unwrap_or_default();
                Self::push_all(stack, cases, Role::Case);
                let mut cursor = node.walk();
                let subjects: Vec<Node<'t>> = node.children_by_field_name("subject", &mut cursor).collect();
                Self::push_all(stack, subjects, Role::Scrutinee);
            }
            "case_clause" => {
                self.b.open(Kind::Case, Role::Case, Self::span(node), "");
                stack.push(Work::Close);
                if let Some(c) = Self::field(node, "consequence") {
                    stack.push(Work::Visit(c, Role::Body));
                }
                if let Some(g) = Self::field(node, "guard") {
                    stack.push(Work::Visit(g, Role::Guard));
                }
                let patterns: Vec<Node<'t>> =
                    Self::named_children(node).into_iter().filter(|c| self.kind(*c) == "case_pattern").collect();
                // `case _:` is the default arm: no pattern.
                let patterns = patterns.into_iter().filter(|p| self.text(*p) != "_").collect();
                Self::push_all(stack, patterns, Role::Pattern);
            }
            "if_clause" => {
                Self::push_all(stack, Self::named_children(node), role);
            }
            "break_statement" => {
                self.b.leaf(Kind::Break, role, Self::span(node), "");
            }
            "continue_statement" => {
                self.b.leaf(Kind::Continue, role, Self::span(node), "");
            }
            "return_statement" => {
                self.open_with(node, Kind::Return, role, "", Role::Operand, stack);
            }
            "raise_statement" => {
                self.open_with(node, Kind::Throw, role, "", Role::Operand, stack);
            }
            "dictionary" => {
                self.open_with(node, Kind::Object, role, "", Role::Elem, stack);
            }
            "pair" => self.pair(node, role, stack),
            "list_splat" | "dictionary_splat" | "list_splat_pattern" | "dictionary_splat_pattern" => {
                self.open_with(node, Kind::Spread, role, "", Role::Operand, stack);
            }
            "list" | "tuple" | "set" | "expression_list" | "pattern_list" | "tuple_pattern" | "list_pattern" => {
                self.open_with(node, Kind::Array, role, "", Role::Elem, stack);
            }
            "function_definition" => self.function(node, node, role, Vec::new(), stack),
            "lambda" => {
                self.b.open(Kind::Fn, role, Self::span(node), "");
                stack.push(Work::Close);
                if let Some(b) = Self::field(node, "body") {
                    stack.push(Work::Visit(b, Role::Body));
                }
                if let Some(p) = Self::field(node, "parameters") {
                    self.parameters(p, stack);
                }
            }
            "class_definition" => self.class(node, node, role, Vec::new(), stack),
            "decorated_definition" => {
                let decorators: Vec<Node<'t>> =
                    Self::named_children(node).into_iter().filter(|c| self.kind(*c) == "decorator").collect();
                match Self::field(node, "definition") {
                    Some(d) if self.kind(d) == "function_definition" => self.function(node, d, role, decorators, stack),
                    Some(d) if self.kind(d) == "class_definition" => self.class(node, d, role, decorators, stack),
                    Some(d) => stack.push(Work::Visit(d, role)),
                    None => {}
                }
            }
            "decorator" => self.decorator(node, stack),
            "import_statement" => {
                let mut cursor = node.walk();
                let names: Vec<Node<'t>> = node.children_by_field_name("name", &mut cursor).collect();
                for name in names {
                    // `import a.b` binds `a`; `import a.b as c` binds `c` to `a.b`.
                    let (module, local) = match self.kind(name) {
                        "aliased_import" => (
                            Self::field(name, "name").map_or("", |n| self.text(n)),
                            Self::field(name, "alias").map_or("", |a| self.text(a)),
                        ),
                        _ => {
                            let m = self.text(name);
                            (m, m.split('.').next().unwrap_or(m))
                        }
                    };
                    let module = strip_spaces(module);
                    self.b.open(Kind::Import, role, Self::span(node), &module);
                    self.b.leaf(Kind::Other, Role::Key, Self::span(name), "*");
                    self.b.leaf(Kind::Other, Role::Value, Self::span(name), local);
                    self.b.close();
                }
            }
            "import_from_statement" | "future_import_statement" => self.import_from(node, role),
            "type" => stack.push(Work::Type(node, role)),
            _ => {
                // Unknown or uninteresting constructs (try/except, comprehensions, `del`,
                // `global`, ERROR nodes from recovery): keep the children so literals inside
                // are still seen.
                self.open_with(node, Kind::Other, role, "", Role::None, stack);
            }
        }
    }

    /// `left op right` as a `Binary`.
    fn binary<'t>(&mut self, node: Node<'t>, op: &str, role: Role, stack: &mut Vec<Work<'t>>) {
        self.b.open(Kind::Binary, role, Self::span(node), op);
        stack.push(Work::Close);
        if let Some(r) = Self::field(node, "right") {
            stack.push(Work::Visit(r, Role::Right));
        }
        if let Some(l) = Self::field(node, "left") {
            stack.push(Work::Visit(l, Role::Left));
        }
    }

    /// `a == b`, `a is not None`, `"x" in caps`: one comparison is a `Binary` with the
    /// operator spelled as in TypeScript where there is one (`is` is `===`, `is not` is
    /// `!==`); a chain `a < b < c` is an `Other` holding its operands.
    fn comparison<'t>(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        let operands = Self::named_children(node);
        let mut cursor = node.walk();
        let ops: Vec<String> =
            node.children_by_field_name("operators", &mut cursor).map(|o| strip_spaces_to_one(self.text(o))).collect();
        match (operands.as_slice(), ops.as_slice()) {
            ([l, r], [op]) => {
                let op = match op.as_str() {
                    "is" => "===",
                    "is not" => "!==",
                    "<>" => "!=",
                    other => other,
                };
                self.b.open(Kind::Binary, role, Self::span(node), op);
                stack.push(Work::Close);
                stack.push(Work::Visit(*r, Role::Right));
                stack.push(Work::Visit(*l, Role::Left));
            }
            _ => {
                self.b.open(Kind::Other, role, Self::span(node), "");
                stack.push(Work::Close);
                Self::push_all(stack, operands, Role::None);
            }
        }
    }

    /// `x = v` binds a name (a `Var`, or a `Field` in a class body); `a.b = v` and `a[k] = v`
    /// assign (`Assign`). `x: T = v` and `x: T` carry the annotation as a `Type`.
    fn assignment<'t>(&mut self, node: Node<'t>, role: Role, in_class: bool, stack: &mut Vec<Work<'t>>) {
        let left = Self::field(node, "left");
        let right = Self::field(node, "right");
        let ty = Self::field(node, "type");
        let named = left.filter(|l| self.kind(*l) == "identifier");
        match named {
            Some(name) => {
                let kind = if in_class { Kind::Field } else { Kind::Var };
                let id = self.b.open(kind, role, Self::span(node), self.text(name));
                self.b.set_name_span(id, Self::span(name));
                stack.push(Work::Close);
                if let Some(r) = right {
                    stack.push(Work::Visit(r, Role::Init));
                }
                if let Some(t) = ty {
                    stack.push(Work::Type(t, Role::Type));
                }
            }
            None if left.is_some_and(|l| matches!(self.kind(l), "pattern_list" | "tuple_pattern" | "list_pattern")) => {
                // `a, b = f()`: a destructuring declaration.
                self.b.open(Kind::Var, role, Self::span(node), "");
                stack.push(Work::Close);
                if let Some(r) = right {
                    stack.push(Work::Visit(r, Role::Init));
                }
                if let Some(l) = left {
                    stack.push(Work::Visit(l, Role::Pattern));
                }
            }
            None => {
                self.b.open(Kind::Assign, role, Self::span(node), "=");
                stack.push(Work::Close);
                if let Some(r) = right {
                    stack.push(Work::Visit(r, Role::Right));
                }
                if let Some(t) = ty {
                    stack.push(Work::Type(t, Role::Type));
                }
                if let Some(l) = left {
                    stack.push(Work::Visit(l, Role::Left));
                }
            }
        }
    }

    /// A statement of a class body.
    fn member<'t>(&mut self, node: Node<'t>, stack: &mut Vec<Work<'t>>) {
        if self.kind(node) == "expression_statement" {
            if let [inner] = Self::named_children(node).as_slice() {
                if self.kind(*inner) == "assignment" {
                    self.assignment(*inner, Role::Stmt, true, stack);
                    return;
                }
            }
        }
        self.visit(node, Role::Stmt, stack);
    }

    /// `elif c: …` is an `If` in the `Else` of the one before; `else: …` is the `Else` block.
    fn alternatives<'t>(&mut self, mut alts: Vec<Node<'t>>, stack: &mut Vec<Work<'t>>) {
        if alts.is_empty() {
            return;
        }
        let first = alts.remove(0);
        if self.kind(first) != "elif_clause" {
            stack.push(Work::Visit(first, Role::Else));
            return;
        }
        self.b.open(Kind::If, Role::Else, Self::span(first), "");
        stack.push(Work::Close);
        if !alts.is_empty() {
            stack.push(Work::Alternatives(alts));
        }
        if let Some(c) = Self::field(first, "consequence") {
            stack.push(Work::Visit(c, Role::Then));
        }
        if let Some(c) = Self::field(first, "condition") {
            stack.push(Work::Visit(c, Role::Cond));
        }
    }

    /// A call's arguments: the positional ones, then the keyword ones in one `Object`.
    fn arguments<'t>(&mut self, args: Node<'t>, stack: &mut Vec<Work<'t>>) {
        if self.kind(args) == "generator_expression" {
            stack.push(Work::Visit(args, Role::Arg));
            return;
        }
        let (keywords, positional): (Vec<Node<'t>>, Vec<Node<'t>>) = Self::named_children(args)
            .into_iter()
            .filter(|c| self.kind(*c) != "comment")
            .partition(|c| matches!(self.kind(*c), "keyword_argument" | "dictionary_splat"));
        if !keywords.is_empty() {
            stack.push(Work::Keywords(keywords));
        }
        Self::push_all(stack, positional, Role::Arg);
    }

    fn keywords<'t>(&mut self, keywords: Vec<Node<'t>>, stack: &mut Vec<Work<'t>>) {
        let (Some(first), Some(last)) = (keywords.first(), keywords.last()) else { return };
        self.b.open(Kind::Object, Role::Arg, (first.start_byte(), last.end_byte()), "");
        stack.push(Work::Close);
        Self::push_all(stack, keywords, Role::Elem);
    }

    /// `name=value` as a `Pair` of the options object.
    fn keyword<'t>(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        let name = Self::field(node, "name");
        let id = self.b.open(Kind::Pair, role, Self::span(node), name.map_or("", |n| self.text(n)));
        if let Some(n) = name {
            self.b.set_name_span(id, Self::span(n));
        }
        stack.push(Work::Close);
        if let Some(v) = Self::field(node, "value") {
            stack.push(Work::Visit(v, Role::Value));
        }
    }

    /// `key: value` in a dictionary; a string key is the pair's text.
    fn pair<'t>(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        let key = Self::field(node, "key");
        let string_key = key.filter(|k| self.kind(*k) == "string").and_then(|k| self.plain_string(k));
        let text = match (&string_key, key) {
            (Some(s), _) => s.clone(),
            (None, Some(k)) if self.kind(k) == "identifier" => String::new(),
            _ => String::new(),
        };
        let id = self.b.open(Kind::Pair, role, Self::span(node), &text);
        if let Some(k) = key {
            self.b.set_name_span(id, Self::span(k));
        }
        stack.push(Work::Close);
        if let Some(v) = Self::field(node, "value") {
            stack.push(Work::Visit(v, Role::Value));
        }
        match (string_key, key) {
            (Some(_), _) => self.b.set_flag(id, flags::STRING_KEY),
            // `{SESSION_HEADER: sid}`, `{1: x}`: the key is an expression, as a computed key.
            (None, Some(k)) => {
                self.b.set_flag(id, flags::COMPUTED);
                stack.push(Work::Visit(k, Role::Key));
            }
            (None, None) => {}
        }
    }

    /// A function or method; `outer` is the `decorated_definition` when there is one.
    fn function<'t>(
        &mut self,
        outer: Node<'t>,
        node: Node<'t>,
        role: Role,
        decorators: Vec<Node<'t>>,
        stack: &mut Vec<Work<'t>>,
    ) {
        let name = Self::field(node, "name");
        let id = self.b.open(Kind::Fn, role, Self::span(outer), name.map_or("", |n| self.text(n)));
        if let Some(n) = name {
            self.b.set_name_span(id, Self::span(n));
        }
        if node.child(0).is_some_and(|c| self.kind(c) == "async") {
            self.b.set_flag(id, flags::ASYNC);
        }
        stack.push(Work::Close);
        if let Some(b) = Self::field(node, "body") {
            stack.push(Work::Visit(b, Role::Body));
        }
        if let Some(r) = Self::field(node, "return_type") {
            stack.push(Work::Type(r, Role::Type));
        }
        if let Some(p) = Self::field(node, "parameters") {
            self.parameters(p, stack);
        }
        Self::push_all(stack, decorators, Role::Attr);
    }

    fn parameters<'t>(&mut self, params: Node<'t>, stack: &mut Vec<Work<'t>>) {
        let list = Self::named_children(params);
        for p in list.into_iter().rev() {
            match self.kind(p) {
                "identifier" => stack.push(Work::Param(p)),
                "typed_parameter"
                | "default_parameter"
                | "typed_default_parameter"
                | "list_splat_pattern"
                | "dictionary_splat_pattern" => stack.push(Work::Param(p)),
                _ => {}
            }
        }
    }

    /// `x`, `x: T`, `x=1`, `x: T = 1`, `*args`, `**kwargs`: a `Param` named by its identifier.
    fn param<'t>(&mut self, node: Node<'t>, stack: &mut Vec<Work<'t>>) {
        let name = match self.kind(node) {
            "identifier" => Some(node),
            "default_parameter" | "typed_default_parameter" => Self::field(node, "name"),
            _ => Self::named_children(node).into_iter().find(|c| self.kind(*c) == "identifier"),
        };
        let id = self.b.open(Kind::Param, Role::Param, Self::span(node), name.map_or("", |n| self.text(n)));
        if let Some(n) = name {
            self.b.set_name_span(id, Self::span(n));
        }
        let splat = |k: &str| matches!(k, "list_splat_pattern" | "dictionary_splat_pattern");
        if splat(self.kind(node)) || Self::named_children(node).into_iter().any(|c| splat(self.kind(c))) {
            self.b.set_flag(id, flags::REST);
        }
        stack.push(Work::Close);
        if let Some(v) = Self::field(node, "value") {
            stack.push(Work::Visit(v, Role::Init));
        }
        if let Some(t) = Self::field(node, "type") {
            stack.push(Work::Type(t, Role::Type));
        }
    }

    fn class<'t>(
        &mut self,
        outer: Node<'t>,
        node: Node<'t>,
        role: Role,
        decorators: Vec<Node<'t>>,
        stack: &mut Vec<Work<'t>>,
    ) {
        let name = Self::field(node, "name");
        let id = self.b.open(Kind::Container, role, Self::span(outer), name.map_or("", |n| self.text(n)));
        if let Some(n) = name {
            self.b.set_name_span(id, Self::span(n));
        }
        stack.push(Work::Close);
        if let Some(body) = Self::field(node, "body") {
            let members = Self::named_children(body);
            stack.extend(members.into_iter().rev().map(Work::Member));
        }
        if let Some(bases) = Self::field(node, "superclasses") {
            // Base classes; `metaclass=…` is not one.
            let bases: Vec<Node<'t>> =
                Self::named_children(bases).into_iter().filter(|b| self.kind(*b) != "keyword_argument").collect();
            stack.extend(bases.into_iter().rev().map(|b| Work::Type(b, Role::Implements)));
        }
        Self::push_all(stack, decorators, Role::Attr);
    }

    /// `@mcp.tool()` / `@app.get("/mcp")`: an `Attribute` named by its callee, with the call's
    /// arguments.
    fn decorator<'t>(&mut self, node: Node<'t>, stack: &mut Vec<Work<'t>>) {
        let target = node.named_child(0);
        let call = target.filter(|t| self.kind(*t) == "call");
        let name = match call {
            Some(c) => Self::field(c, "function").map_or("", |f| self.text(f)),
            None => target.map_or("", |t| self.text(t)),
        };
        self.b.open(Kind::Attribute, Role::Attr, Self::span(node), &strip_spaces(name));
        stack.push(Work::Close);
        if let Some(args) = call.and_then(|c| Self::field(c, "arguments")) {
            self.arguments(args, stack);
        }
    }

    /// `from m import a, b as c` (bindings `a`, and `b` as `c`), `from . import x`,
    /// `from m import *`.
    fn import_from(&mut self, node: Node<'_>, role: Role) {
        let module = Self::field(node, "module_name").map_or("__future__".to_string(), |m| strip_spaces(self.text(m)));
        self.b.open(Kind::Import, role, Self::span(node), &module);
        let mut cursor = node.walk();
        let names: Vec<Node<'_>> = node.children_by_field_name("name", &mut cursor).collect();
        for name in names {
            match self.kind(name) {
                "aliased_import" => {
                    let (Some(n), Some(a)) = (Self::field(name, "name"), Self::field(name, "alias")) else { continue };
                    self.b.leaf(Kind::Other, Role::Key, Self::span(n), &strip_spaces(self.text(n)));
                    let alias = self.text(a);
                    self.b.leaf(Kind::Other, Role::Value, Self::span(a), alias);
                }
                _ => {
                    let text = strip_spaces(self.text(name));
                    self.b.leaf(Kind::Other, Role::Elem, Self::span(name), &text);
                }
            }
        }
        if Self::named_children(node).iter().any(|c| self.kind(*c) == "wildcard_import") {
            let span = Self::span(node);
            self.b.leaf(Kind::Other, Role::Key, span, "*");
            self.b.leaf(Kind::Other, Role::Value, span, "*");
        }
        self.b.close();
    }

    /// A node of a type annotation: names are `Type`s, `X[A, B]` is `X` with type arguments,
    /// `A | B` and `Optional[A]` a `Type` holding the alternatives.
    fn visit_type<'t>(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        match self.kind(node) {
            "type" | "parenthesized_expression" => {
                if let Some(inner) = node.named_child(0) {
                    stack.push(Work::Type(inner, role));
                }
            }
            "identifier" | "none" => {
                let text = self.text(node);
                self.b.leaf(Kind::Type, role, Self::span(node), text);
            }
            "attribute" | "member_type" => {
                let text = self.text(node).rsplit('.').next().unwrap_or("").trim();
                self.b.leaf(Kind::Type, role, Self::span(node), text);
            }
            // A forward reference: `"Session"`.
            "string" => {
                let text = self.plain_string(node).unwrap_or_default();
                let last = text.rsplit('.').next().unwrap_or("").trim().to_string();
                self.b.leaf(Kind::Type, role, Self::span(node), &last);
            }
            "generic_type" => {
                let children = Self::named_children(node);
                let name = children.first().map_or("", |n| self.text(*n)).rsplit('.').next().unwrap_or("").trim();
                self.b.open(Kind::Type, role, Self::span(node), name);
                stack.push(Work::Close);
                let args: Vec<Node<'t>> = children
                    .iter()
                    .filter(|c| self.kind(**c) == "type_parameter")
                    .flat_map(|p| Self::named_children(*p))
                    .collect();
                stack.extend(args.into_iter().rev().map(|a| Work::Type(a, Role::TypeArg)));
            }
            "subscript" => {
                let name = Self::field(node, "value").map_or("", |v| self.text(v)).rsplit('.').next().unwrap_or("");
                self.b.open(Kind::Type, role, Self::span(node), name.trim());
                stack.push(Work::Close);
                let mut cursor = node.walk();
                let subs: Vec<Node<'t>> = node.children_by_field_name("subscript", &mut cursor).collect();
                stack.extend(subs.into_iter().rev().map(|a| Work::Type(a, Role::TypeArg)));
            }
            "union_type" | "binary_operator" | "tuple" | "list" | "type_parameter" | "constrained_type"
            | "splat_type" => {
                self.b.open(Kind::Type, role, Self::span(node), "");
                stack.push(Work::Close);
                let children: Vec<Node<'t>> =
                    Self::named_children(node).into_iter().filter(|c| self.kind(*c) != "comment").collect();
                stack.extend(children.into_iter().rev().map(|a| Work::Type(a, Role::TypeArg)));
            }
            _ => stack.push(Work::Visit(node, role)),
        }
    }

    /// A string's value, or `None` when it has interpolations (an f-string with `{…}`).
    fn plain_string(&self, node: Node<'_>) -> Option<String> {
        let (value, interpolations) = self.string_parts(node);
        interpolations.is_empty().then_some(value)
    }

    /// The literal text of a string (escapes decoded unless it is raw) and its interpolations.
    fn string_parts<'t>(&self, node: Node<'t>) -> (String, Vec<Node<'t>>) {
        let mut value = String::new();
        let mut interpolations = Vec::new();
        let mut raw = false;
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            match self.kind(child) {
                "string_start" => raw = self.text(child).bytes().any(|b| b == b'r' || b == b'R'),
                "string_content" => {
                    let text = self.text(child);
                    if raw || !text.contains('\\') {
                        value.push_str(text);
                    } else {
                        value.push_str(&decode_py_escapes(text));
                    }
                }
                "interpolation" => interpolations.push(child),
                // `{{` in an f-string is a literal brace.
                "escape_interpolation" => value.push_str(self.text(child).get(..1).unwrap_or("")),
                _ => {}
            }
        }
        (value, interpolations)
    }

    fn string<'t>(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        let (value, interpolations) = self.string_parts(node);
        if interpolations.is_empty() {
            self.b.leaf(Kind::Str, role, Self::span(node), &value);
            return;
        }
        self.b.open(Kind::Template, role, Self::span(node), &value);
        stack.push(Work::Close);
        let exprs: Vec<Node<'t>> = interpolations.into_iter().filter_map(|i| Self::field(i, "expression")).collect();
        Self::push_all(stack, exprs, Role::Elem);
    }

    /// `"a" "b"`: one string, or a template when a part interpolates.
    fn concatenated<'t>(&mut self, node: Node<'t>, role: Role, stack: &mut Vec<Work<'t>>) {
        let mut value = String::new();
        let mut exprs = Vec::new();
        for part in Self::named_children(node).into_iter().filter(|p| self.kind(*p) == "string") {
            let (v, interpolations) = self.string_parts(part);
            value.push_str(&v);
            exprs.extend(interpolations.into_iter().filter_map(|i| Self::field(i, "expression")));
        }
        if exprs.is_empty() {
            self.b.leaf(Kind::Str, role, Self::span(node), &value);
            return;
        }
        self.b.open(Kind::Template, role, Self::span(node), &value);
        stack.push(Work::Close);
        Self::push_all(stack, exprs, Role::Elem);
    }
}

/// The value of the escapes in a Python string's content (`\n`, `\x41`, `\u0053`, `\N{…}` kept
/// as written).
fn decode_py_escapes(text: &str) -> String {
    // Python's escapes are a superset of JavaScript's that differ only in forms MCP code does
    // not use in names (`\N{…}`, octal); the JavaScript decoder reads the others alike.
    decode_string(text)
}

/// An integer literal in any Python spelling (`32002`, `32_002`, `0x7D02`, `0o…`, `0b…`);
/// a float with an integral value (`1e3`) too.
pub fn parse_py_int(raw: &str) -> Option<i64> {
    let clean: String = raw.chars().filter(|&c| c != '_').collect();
    let lower = clean.to_ascii_lowercase();
    // `1j` is imaginary; `1L` a Python 2 long.
    if lower.ends_with('j') {
        return None;
    }
    super::typescript::parse_js_int(lower.trim_end_matches('l'))
}

/// A dotted name with any spaces or line continuations inside it removed (`mcp . types`).
fn strip_spaces(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace() && *c != '\\').collect()
}

/// An operator written over several words (`is  not`, `not\nin`) with single spaces.
fn strip_spaces_to_one(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::py;
    use crate::tree::NodeRef;

    fn find<'t>(t: &'t Tree, kind: Kind, text: &str) -> NodeRef<'t> {
        match t.nodes().find(|n| n.kind() == kind && n.text() == text) {
            Some(n) => n,
            None => panic!("no {kind:?} {text:?}"),
        }
    }

    #[test]
    fn keyword_arguments_are_one_options_object() {
        let t = py("mcp = FastMCP('demo', stateless_http=False, **extra)\n");
        let call = t.nodes().find(|n| n.kind() == Kind::Call);
        let Some(call) = call else { panic!("no call") };
        assert_eq!(call.call_name(), Some("FastMCP"));
        assert_eq!(call.arg(0).and_then(|a| a.str_value()), Some("demo"));
        let options = call.arg(1);
        assert_eq!(options.map(|o| o.kind()), Some(Kind::Object));
        assert_eq!(
            options.and_then(|o| o.field("stateless_http")).map(|v| (v.kind(), v.text())),
            Some((Kind::Bool, "false"))
        );
        assert!(options.is_some_and(|o| o.children().any(|c| c.kind() == Kind::Spread)));
        assert_eq!(find(&t, Kind::Var, "mcp").child(Role::Init).map(|i| i.kind()), Some(Kind::Call));
    }

    #[test]
    fn members_strings_and_numbers() {
        let t =
            py("sid = request.headers.get(\"mcp-session-id\")\nRESOURCE_NOT_FOUND = -32_002\nx = r'a\\n' f'{sid}-x'\n");
        let s = find(&t, Kind::Str, "mcp-session-id");
        assert_eq!(s.role(), Role::Arg);
        let call = s.parent();
        assert_eq!(call.and_then(|c| c.callee()).and_then(|c| c.path()).as_deref(), Some("request.headers.get"));
        let n = find(&t, Kind::Var, "RESOURCE_NOT_FOUND").child(Role::Init).and_then(|i| i.int());
        assert_eq!(n, Some(-32002));
        assert_eq!(find(&t, Kind::Template, "a\\n-x").children().count(), 1);
    }

    #[test]
    fn operators_read_as_in_typescript() {
        let t = py("if caps.get('sampling') and not x or y is not None or 'roots' in caps:\n    pass\n");
        let ops: Vec<&str> =
            t.nodes().filter(|n| matches!(n.kind(), Kind::Binary | Kind::Unary)).map(|n| n.text()).collect();
        assert_eq!(ops, vec!["||", "||", "&&", "!", "!==", "in"]);
        let cond = t.nodes().find(|n| n.role() == Role::Cond);
        assert_eq!(cond.map(|c| c.parent().map(|p| p.kind())), Some(Some(Kind::If)));
    }

    #[test]
    fn elif_chains_nest_and_match_is_a_switch() {
        let src = "if m == 'initialize':\n    a()\nelif m == 'ping':\n    b()\nelse:\n    c()\n\
                   match msg['method']:\n    case 'tools/list':\n        pass\n    case _:\n        pass\n";
        let t = py(src);
        let ifs: Vec<_> = t.nodes().filter(|n| n.kind() == Kind::If).collect();
        assert_eq!(ifs.len(), 2);
        assert_eq!(ifs[1].role(), Role::Else);
        assert!(ifs[1].child(Role::Else).is_some());
        let case_str = find(&t, Kind::Str, "tools/list");
        assert_eq!(case_str.role(), Role::Pattern);
        assert!(crate::patterns::is_method_position(case_str));
        let cases: Vec<_> = t.nodes().filter(|n| n.kind() == Kind::Case).collect();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].children_with(Role::Pattern).count(), 0);
    }

    #[test]
    fn functions_classes_and_decorators() {
        let src = "class Store(EventStore):\n    sessions: dict[str, Session] = {}\n\n    \
                   async def store_event(self, stream_id: str, message=None) -> str:\n        return ''\n\n\
                   @mcp.tool(annotations=ToolAnnotations(idempotentHint=True))\nasync def add_user(name: str) -> str:\n    \
                   return name\n";
        let t = py(src);
        let c = find(&t, Kind::Container, "Store");
        assert!(crate::patterns::implements_any(c, &["EventStore".to_string()]));
        let field = find(&t, Kind::Field, "sessions");
        let ty = field.child(Role::Type);
        assert_eq!(ty.map(|t| t.text()), Some("dict"));
        assert_eq!(ty.map(|t| t.type_args().map(|a| a.text()).collect::<Vec<_>>()), Some(vec!["str", "Session"]));
        let f = find(&t, Kind::Fn, "store_event");
        assert!(f.has_flag(flags::ASYNC));
        let params: Vec<&str> = f.children_with(Role::Param).map(|p| p.text()).collect();
        assert_eq!(params, vec!["self", "stream_id", "message"]);
        let tool = find(&t, Kind::Fn, "add_user");
        let attr = tool.child(Role::Attr);
        assert_eq!(attr.map(|a| a.text()), Some("mcp.tool"));
        assert!(attr.is_some_and(|a| a.args().any(|o| o.field("annotations").is_some())));
        assert_eq!(tool.name_span().map(|(s, e)| &src[s..e]), Some("add_user"));
    }

    #[test]
    fn imports_name_their_bindings() {
        let t = py("from mcp.server.fastmcp import FastMCP, Context as Ctx\nimport mcp.types as types\n\
                    from .constants import SESSION_HEADER\nimport os.path\nfrom x import *\n");
        let imports: Vec<_> = t.nodes().filter(|n| n.kind() == Kind::Import).collect();
        let specs: Vec<&str> = imports.iter().map(|i| i.text()).collect();
        assert_eq!(specs, vec!["mcp.server.fastmcp", "mcp.types", ".constants", "os.path", "x"]);
        assert_eq!(imports[0].import_bindings(), vec![("FastMCP", "FastMCP"), ("Context", "Ctx")]);
        assert_eq!(imports[1].import_bindings(), vec![("*", "types")]);
        assert_eq!(imports[2].import_bindings(), vec![("SESSION_HEADER", "SESSION_HEADER")]);
        assert_eq!(imports[3].import_bindings(), vec![("*", "os")]);
        assert_eq!(imports[4].import_bindings(), vec![("*", "*")]);
        assert!(t.nodes().all(|n| n.kind() != Kind::Ident));
    }

    #[test]
    fn with_binds_a_variable_and_comments_are_kept_apart() {
        let t =
            py("# mcp-session-id\nasync with ClientSession(read, write) as session:\n    await session.initialize()\n");
        assert_eq!(t.comments.len(), 1);
        assert!(t.nodes().all(|n| n.kind() != Kind::Str));
        let var = find(&t, Kind::Var, "session");
        assert_eq!(var.child(Role::Init).and_then(|c| c.call_name()), Some("ClientSession"));
        let awaited = t.nodes().find(|n| n.kind() == Kind::Unary && n.text() == "await");
        assert_eq!(awaited.and_then(|a| a.children().next()).and_then(|c| c.call_name()), Some("initialize"));
    }

    #[test]
    fn broken_and_hostile_input_still_lowers() {
        let deep = format!("x = {}1{}\n", "(".repeat(50_000), ")".repeat(50_000));
        assert!(py(&deep).len() > 1);
        let t = py("def f(:\n\tif x:\n        return 'ping'\n");
        assert!(t.nodes().any(|n| n.kind() == Kind::Str && n.text() == "ping"));
        let long = format!("x = [{}]\n", "1, ".repeat(200_000));
        assert!(py(&long).len() > 200_000);
    }

    #[test]
    fn integers() {
        assert_eq!(parse_py_int("0x7D02"), Some(32002));
        assert_eq!(parse_py_int("32_002"), Some(32002));
        assert_eq!(parse_py_int("0o17"), Some(15));
        assert_eq!(parse_py_int("1j"), None);
    }
}
