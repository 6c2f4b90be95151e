//! Rust front end: parses a file once with `syn` and lowers it into the neutral [`Tree`].
//!
//! syn keeps no ordinary comments, so a small lexical scan over the raw text collects them. The
//! same scan measures nesting before syn runs: syn's parser, printer and drop glue recurse once
//! per level, so hostile input is refused up front, and what is accepted is parsed on a thread
//! whose stack is sized for the accepted depth. Macro bodies are opaque to syn: they are lowered
//! as comma-separated expressions when they parse as such, and otherwise read from the token
//! tree (JSON objects in `json!`, `key = value` pairs in attributes, and in any case every
//! literal). The scan also finds every named function's body, so that bodies holding no token
//! of any rule can be blanked before syn runs (see [`unread_bodies`]).

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{
    Arm, Attribute, BinOp, Block, Expr, ExprBreak, ExprClosure, ExprIf, ExprMatch, ExprMethodCall, ExprRange,
    ExprReturn, ExprStruct, ExprYield, FieldValue, Fields, FnArg, GenericArgument, ImplItem, Item, ItemEnum, ItemImpl,
    ItemMacro, ItemMod, ItemTrait, ItemUse, Label, Lit, Local, Macro, MacroDelimiter, Member, Meta, Pat, Path,
    PathArguments, QSelf, ReturnType, Signature, Stmt, TraitItem, Type, TypeParamBound, UnOp, UseTree, Visibility,
};

use rustc_hash::FxHashMap;

use super::{ParseFailure, MAX_NESTING};
use crate::prefilter::Hits;
use crate::source::SourceFile;
use crate::tree::{flags, Kind, Lang, NodeId, Role, Tree, TreeBuilder};

const BOM: &str = "\u{feff}";

/// Deepest chain of operators and keywords that nest without brackets (`&&&T`, `A<B<C>>`,
/// `|| || x`, `return return x`), summed along the open brackets.
const MAX_CHAIN: usize = 2 * MAX_NESTING;

/// Stack of the parser thread. In a debug build syn needs up to ~50 KiB per nesting level (a
/// generic argument) and ~20 KiB per block; the scan admits at most `MAX_NESTING` brackets plus
/// `MAX_CHAIN` chained operators. Only the pages actually used are committed.
const PARSER_STACK: usize = 256 << 20;

/// Stack a nesting level may take, with a margin over the debug build's ~50 KiB.
const STACK_PER_LEVEL: usize = 64 << 10;

/// The stack [`lower`] assumes: a test thread's 2 MiB, the smallest it is called on.
pub const SMALL_STACK: usize = 2 << 20;

/// Deepest tree the lowering builds; below it a subtree becomes an `Other` leaf. The scan
/// already bounds nesting, this keeps the lowering's own recursion bounded independently.
const MAX_TREE_DEPTH: usize = 4 * MAX_NESTING;

/// Token groups nested deeper than this inside a macro are not re-parsed as expressions: each
/// attempt reads the whole group, so trying at every level would be quadratic.
const MAX_REPARSE_DEPTH: usize = 16;

/// Parses and lowers one Rust file on a thread of any size.
pub fn lower(source: &SourceFile) -> Result<Tree, ParseFailure> {
    lower_on_stack(source, SMALL_STACK, None)
}

/// Parses and lowers one Rust file on a thread whose stack holds `stack` bytes. With `hits`,
/// the bodies of functions that hold none are left unread: syn sees them empty.
pub fn lower_on_stack(source: &SourceFile, stack: usize, hits: Option<&Hits>) -> Result<Tree, ParseFailure> {
    let text = source.text();
    let scan = scan(text)?;
    let unread = hits.map(|h| unread_bodies(text, &scan, h)).unwrap_or_default();
    let comments = &scan.comments;
    let unread = &unread;
    // Most files nest a few dozen levels at most: the calling thread's stack is enough, and a
    // thread per file would cost more than the parse of a small file.
    if scan.depth <= stack / STACK_PER_LEVEL {
        return lower_here(text, comments, unread);
    }
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("rust-front-end".to_string())
            .stack_size(PARSER_STACK)
            .spawn_scoped(scope, || lower_here(text, comments, unread));
        match worker {
            Ok(handle) => handle.join().unwrap_or_else(|_| {
                Err(ParseFailure { reason: "internal error in the Rust front end".to_string(), offset: None })
            }),
            Err(e) => Err(ParseFailure { reason: format!("could not start the parser thread: {e}"), offset: None }),
        }
    })
}

/// The function bodies to leave unread: the outermost of those that hold no hit and whose
/// function is not named from code that is read. A rule may follow a call into the callee's
/// body (a handler that answers 405, a helper that builds a result), so a body named from
/// code that is read is read too, whatever it holds.
fn unread_bodies<'a>(text: &str, scan: &Scan<'a>, hits: &Hits) -> Vec<Unread> {
    let mut bodies: Vec<Body<'a>> = scan.bodies.clone();
    bodies.sort_unstable_by_key(|b| b.start);
    // A body that names a constant of the file whose definition holds a token is read, as it
    // would be with the value written in its place.
    let hot = hot_constants(text, scan, hits);
    let names_hot = |b: &Body<'_>| {
        let from = scan.words.partition_point(|&(at, _)| at < b.start);
        scan.words[from..].iter().take_while(|&&(at, _)| at < b.end).any(|(_, w)| hot.contains(w))
    };
    // A route handler that hands its request on to a handler of its verb is read: the index
    // records where it leads (`fn delete(..) { handlers::handle_delete(req) }`).
    let hands_on = |b: &Body<'_>| {
        crate::index::removed_verb(b.name).is_some_and(|verb| {
            let from = scan.words.partition_point(|&(at, _)| at < b.start);
            scan.words[from..]
                .iter()
                .take_while(|&&(at, _)| at < b.end)
                .any(|(_, w)| crate::index::hands_on_to(verb, w))
        })
    };
    // A name the index gives a meaning in the signature reads the body too (`fn
    // sweep(registry: Arc<SessionRegistry>)`: the body works the store); a token there does not.
    let mut read: Vec<bool> = bodies
        .iter()
        .map(|b| {
            !hits.none_within(b.start, b.end)
                || hits.name_within(b.sig, b.start)
                || (!hot.is_empty() && names_hot(b))
                || hands_on(b)
        })
        .collect();
    let mut by_name: FxHashMap<&'a str, Vec<usize>> = FxHashMap::default();
    for (i, body) in bodies.iter().enumerate().filter(|(i, _)| !read[*i]) {
        by_name.entry(body.name).or_default().push(i);
    }
    // Names used in what is read: first every word outside the bodies without hits.
    let cold = outermost_unread(&bodies, &read);
    // A name's bodies are queued once: its entry leaves the map when it is first met.
    let mut queue: Vec<usize> = Vec::new();
    let mut name = |word: &'a str, queue: &mut Vec<usize>| {
        if let Some(named) = by_name.remove(word) {
            queue.extend(named);
        }
    };
    let mut next = cold.iter().peekable();
    for &(at, word) in &scan.words {
        while next.peek().is_some_and(|&&(_, end)| end <= at) {
            next.next();
        }
        if next.peek().is_none_or(|&&(start, _)| at < start) {
            name(word, &mut queue);
        }
    }
    // Then the words of each body that becomes read, until no new name comes up.
    while let Some(i) = queue.pop() {
        if std::mem::replace(&mut read[i], true) {
            continue;
        }
        let (start, end) = (bodies[i].start, bodies[i].end);
        let from = scan.words.partition_point(|&(at, _)| at < start);
        for &(_, word) in scan.words[from..].iter().take_while(|&&(at, _)| at < end) {
            name(word, &mut queue);
        }
    }
    outermost_unread(&bodies, &read)
        .into_iter()
        .filter_map(|(start, end)| {
            let i = bodies.partition_point(|b| b.start < start);
            bodies.get(i).map(|b| Unread { sig: b.sig, start, end })
        })
        .collect()
}

/// A function body left unread: the braces at `start..end`, of the function whose name starts
/// at `sig`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Unread {
    sig: usize,
    start: usize,
    end: usize,
}

/// The names of the file's constants and statics whose definition, from the name to the first
/// `;` after it, holds a token.
fn hot_constants<'a>(text: &str, scan: &Scan<'a>, hits: &Hits) -> Vec<&'a str> {
    let mut hot: Vec<&'a str> = Vec::new();
    let mut words = scan.words.iter().peekable();
    while let Some(&(_, word)) = words.next() {
        if word != "const" && word != "static" {
            continue;
        }
        if words.peek().is_some_and(|&&(_, w)| w == "mut") {
            words.next();
        }
        let Some(&&(start, name)) = words.peek() else { break };
        if matches!(name, "fn" | "unsafe" | "async" | "extern" | "_")
            || !name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        {
            continue;
        }
        let end = text.get(start..).and_then(|rest| rest.find(';')).map_or(text.len(), |e| start + e);
        if !hits.none_within(start, end) && !hot.contains(&name) {
            hot.push(name);
        }
    }
    hot
}

/// The spans of the bodies not read that lie in no other such body; `bodies` sorted by start.
fn outermost_unread(bodies: &[Body<'_>], read: &[bool]) -> Vec<(usize, usize)> {
    let mut outer: Vec<(usize, usize)> = Vec::new();
    for (body, _) in bodies.iter().zip(read).filter(|(_, read)| !**read) {
        if outer.last().is_none_or(|last| body.start >= last.1) {
            outer.push((body.start, body.end));
        }
    }
    outer
}

/// `text` with everything between the braces of each of `bodies` made a space, except line
/// breaks. Each character becomes one space, so that proc-macro2's lines and columns, which
/// count characters, stay those of `text`.
fn blank(text: &str, bodies: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for &(start, end) in bodies {
        let (Some(keep), Some(inner)) = (text.get(at..=start), text.get(start + 1..end - 1)) else { continue };
        out.push_str(keep);
        out.extend(inner.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
        at = end - 1;
    }
    out.push_str(text.get(at..).unwrap_or(""));
    out
}

/// Parses and lowers on the current thread, then empties proc-macro2's thread-local span map
/// (it keeps every parsed file's text); no span of this file outlives `parse_and_lower`.
fn lower_here(text: &str, comments: &[(usize, usize)], unread: &[Unread]) -> Result<Tree, ParseFailure> {
    let parse = |parsed: &str| {
        let result = parse_and_lower(text, parsed, comments);
        proc_macro2::extra::invalidate_current_thread_spans();
        result
    };
    if !unread.is_empty() {
        let bodies: Vec<(usize, usize)> = unread.iter().map(|u| (u.start, u.end)).collect();
        if let Ok(mut tree) = parse(&blank(text, &bodies)) {
            // What the tree leaves unread is each function from its name on: a name that
            // matters in the signature (a parameter of a store type) needs the body read.
            tree.unread = unread.iter().map(|u| (u.sig, u.end)).collect();
            return Ok(tree);
        }
    }
    // What does not parse with bodies left unread is parsed whole, so that a syntax error is
    // reported where it is.
    parse(text)
}

/// Parses `parsed`, which is `text` or `text` with bodies blanked, and lowers it with the
/// offsets of `text`.
fn parse_and_lower(text: &str, parsed: &str, comments: &[(usize, usize)]) -> Result<Tree, ParseFailure> {
    let (body, bom) = match text.strip_prefix(BOM) {
        Some(rest) => (rest, BOM.len()),
        None => (text, 0),
    };
    let parsed_body = parsed.strip_prefix(BOM).unwrap_or(parsed);
    let file = syn::parse_file(parsed_body).map_err(|e| {
        let at = e.span().byte_range();
        // "Unexpected end of input" comes with the empty call-site span.
        let offset = if at.end == 0 { text.len() } else { at.start + bom + shebang_len(body) };
        ParseFailure { reason: format!("syntax error: {e}"), offset: Some(offset) }
    })?;
    // syn strips a shebang line before tokenizing, so its offsets start after it.
    let base = bom + file.shebang.as_ref().map_or(0, String::len);
    let tokenized = body.get(base - bom..).unwrap_or("");
    let mut lw = Lowerer {
        b: TreeBuilder::new(Lang::Rust, text.len()),
        lines: Lines::new(tokenized, base),
        tok_depth: 0,
        pending_attrs: Vec::new(),
    };
    lw.file(&file, text.len());
    for &(start, end) in comments {
        lw.b.comment((start, end));
    }
    Ok(lw.b.finish())
}

/// Length of the shebang line syn would strip (it is not Rust syntax); 0 when there is none.
fn shebang_len(body: &str) -> usize {
    match body.strip_prefix("#!") {
        Some(rest) if !rest.trim_start().starts_with('[') => body.find('\n').unwrap_or(body.len()),
        _ => 0,
    }
}

// ---------------------------------------------------------------------------------------------
// Lexical scan: comments and nesting.

/// What the lexical scan learns of a file before syn sees it.
struct Scan<'a> {
    /// Every comment's byte range.
    comments: Vec<(usize, usize)>,
    /// How deep syn may have to recurse.
    depth: usize,
    /// Every named function's body: its name, and its braces, `{` to `}` inclusive.
    bodies: Vec<Body<'a>>,
    /// Every identifier and keyword, with where it starts, except the names functions declare.
    words: Vec<(usize, &'a str)>,
}

/// Records every comment's byte range and every function body, and refuses input nested
/// deeper than syn can take, in one pass that knows enough of Rust's lexical grammar to skip
/// literals and comments.
fn scan(text: &str) -> Result<Scan<'_>, ParseFailure> {
    let mut s = Scanner {
        text,
        bytes: text.as_bytes(),
        comments: Vec::new(),
        levels: vec![Level::default()],
        chain: 0,
        pending_reset: false,
        deepest: 0,
        after_fn: false,
        named_fn: None,
        open_bodies: Vec::new(),
        bodies: Vec::new(),
        words: Vec::new(),
    };
    let body_start = if text.starts_with(BOM) { BOM.len() } else { 0 };
    let mut i = body_start + text.get(body_start..).map_or(0, shebang_len);
    while i < s.bytes.len() {
        i = s.step(i)?;
    }
    Ok(Scan { comments: s.comments, depth: s.deepest, bodies: s.bodies, words: s.words })
}

/// Operators counted at one bracket level of the statement being scanned.
#[derive(Default)]
struct Level {
    /// Prefix and binary operators, `.`, `?` and keywords that take an operand; a `,` ends
    /// the expression they belong to.
    ops: usize,
    /// `<` and `|`: generic arguments and closure parameters contain commas, so these last
    /// until the statement ends (a `>` closes one `<`).
    lists: usize,
}

/// A function body found by the scan.
#[derive(Clone, Copy, Debug)]
struct Body<'a> {
    name: &'a str,
    /// Where the function's name starts.
    sig: usize,
    start: usize,
    end: usize,
}

struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    comments: Vec<(usize, usize)>,
    /// One entry per open bracket, plus the file level.
    levels: Vec<Level>,
    /// Open brackets plus every level's counts: how deep syn may have to recurse here.
    chain: usize,
    /// A `}` ended a statement unless `else` follows (else-if chains nest).
    pending_reset: bool,
    /// The largest `chain` seen.
    deepest: usize,
    /// The last token was `fn`.
    after_fn: bool,
    /// The bracket depth and name of `fn name` whose body has not opened yet.
    named_fn: Option<(usize, &'a str, usize)>,
    /// Function bodies open now: the depth inside their braces, their name and where `{` is.
    open_bodies: Vec<(usize, &'a str, usize, usize)>,
    bodies: Vec<Body<'a>>,
    words: Vec<(usize, &'a str)>,
}

impl Scanner<'_> {
    /// Scans one token, comment or space at `i`; returns where the next one starts.
    fn step(&mut self, i: usize) -> Result<usize, ParseFailure> {
        let b = self.bytes[i];
        let next = self.bytes.get(i + 1).copied();
        if b.is_ascii_whitespace() {
            return Ok(i + 1);
        }
        if b == b'/' && matches!(next, Some(b'/' | b'*')) {
            let end = if next == Some(b'/') { line_end(self.bytes, i) } else { block_comment_end(self.bytes, i) };
            self.comments.push((i, end));
            return Ok(end);
        }
        let after_fn = std::mem::take(&mut self.after_fn);
        if is_ident_byte(b) {
            let end = i + self.bytes[i..].iter().position(|&c| !is_ident_byte(c)).unwrap_or(self.bytes.len() - i);
            let text = self.text;
            let word = text.get(i..end).unwrap_or("");
            self.settle_reset(word == "else");
            if after_fn {
                self.named_fn = Some((self.levels.len(), word, i));
            } else {
                self.words.push((i, word));
            }
            self.after_fn = word == "fn";
            return self.word(word, i, end);
        }
        self.settle_reset(false);
        Ok(match b {
            b'"' => string_end(self.bytes, i + 1),
            b'\'' => char_end(self.text, i),
            b'(' | b'[' | b'{' => {
                if let Some((depth, name, sig)) = self.named_fn.filter(|&(d, ..)| b == b'{' && d == self.levels.len()) {
                    self.named_fn = None;
                    self.open_bodies.push((depth + 1, name, sig, i));
                }
                self.open(i)?;
                i + 1
            }
            b')' | b']' | b'}' => {
                if b == b'}' {
                    if let Some(&(depth, name, sig, start)) = self.open_bodies.last() {
                        if depth == self.levels.len() {
                            self.open_bodies.pop();
                            self.bodies.push(Body { name, sig, start, end: i + 1 });
                        }
                    }
                }
                self.close_level();
                // A closure or a bracket ended before the function's body opened.
                if self.named_fn.is_some_and(|(d, ..)| d > self.levels.len()) {
                    self.named_fn = None;
                }
                self.pending_reset = b == b'}';
                i + 1
            }
            b';' => {
                // A function without a body (in a trait or an `extern` block).
                if self.named_fn.is_some_and(|(d, ..)| d == self.levels.len()) {
                    self.named_fn = None;
                }
                self.reset(true);
                i + 1
            }
            b',' => {
                self.reset(false);
                i + 1
            }
            b'<' | b'|' => {
                self.count(i, true)?;
                i + 1
            }
            // `->` and `=>` are no closing angle brackets.
            b'>' if !matches!(i.checked_sub(1).map(|p| self.bytes[p]), Some(b'-' | b'=')) => {
                if let Some(level) = self.levels.last_mut() {
                    if level.lists > 0 {
                        level.lists -= 1;
                        self.chain = self.chain.saturating_sub(1);
                    }
                }
                i + 1
            }
            b'!' | b'%' | b'&' | b'*' | b'+' | b'-' | b'.' | b'/' | b'=' | b'?' | b'^' | b'@' => {
                self.count(i, false)?;
                i + 1
            }
            _ => i + 1,
        })
    }

    /// An identifier, keyword or literal prefix (`r"…"`, `b'x'`, `br#"…"#`).
    fn word(&mut self, word: &str, i: usize, end: usize) -> Result<usize, ParseFailure> {
        let next = self.bytes.get(end).copied();
        Ok(match (word, next) {
            ("r" | "br" | "cr", Some(b'"' | b'#')) => raw_string_end(self.bytes, end - 1).unwrap_or(end),
            ("b", Some(b'\'')) => char_end(self.text, end),
            ("b" | "c", Some(b'"')) => string_end(self.bytes, end + 1),
            ("return" | "break" | "yield" | "else" | "as" | "dyn" | "impl" | "move" | "async", _) => {
                self.count(i, false)?;
                end
            }
            _ => end,
        })
    }

    fn open(&mut self, i: usize) -> Result<(), ParseFailure> {
        self.levels.push(Level::default());
        self.chain += 1;
        if self.levels.len() - 1 > MAX_NESTING {
            return Err(refuse(format!("nesting deeper than {MAX_NESTING} levels"), i));
        }
        self.check(i)
    }

    fn close_level(&mut self) {
        if self.levels.len() > 1 {
            if let Some(level) = self.levels.pop() {
                self.chain = self.chain.saturating_sub(1 + level.ops + level.lists);
            }
        }
    }

    fn count(&mut self, i: usize, list: bool) -> Result<(), ParseFailure> {
        if let Some(level) = self.levels.last_mut() {
            if list {
                level.lists += 1;
            } else {
                level.ops += 1;
            }
            self.chain += 1;
        }
        self.check(i)
    }

    fn check(&mut self, i: usize) -> Result<(), ParseFailure> {
        self.deepest = self.deepest.max(self.chain);
        if self.chain > MAX_NESTING + MAX_CHAIN {
            return Err(refuse(format!("operators nested deeper than {MAX_CHAIN} levels"), i));
        }
        Ok(())
    }

    /// Ends the current expression (`,`) or statement (`;`, `}`) at this level.
    fn reset(&mut self, statement: bool) {
        if let Some(level) = self.levels.last_mut() {
            self.chain = self.chain.saturating_sub(level.ops);
            level.ops = 0;
            if statement {
                self.chain = self.chain.saturating_sub(level.lists);
                level.lists = 0;
            }
        }
    }

    fn settle_reset(&mut self, is_else: bool) {
        if std::mem::take(&mut self.pending_reset) && !is_else {
            self.reset(true);
        }
    }
}

fn refuse(reason: String, offset: usize) -> ParseFailure {
    ParseFailure { reason, offset: Some(offset) }
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// End of a line comment: its text stops before the line terminator.
fn line_end(bytes: &[u8], i: usize) -> usize {
    bytes[i..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(bytes.len(), |p| i + p)
}

/// End of a block comment starting at `i`; block comments nest in Rust.
fn block_comment_end(bytes: &[u8], i: usize) -> usize {
    let mut depth = 1usize;
    let mut j = i + 2;
    while j < bytes.len() {
        match (bytes[j], bytes.get(j + 1)) {
            (b'/', Some(b'*')) => {
                depth += 1;
                j += 2;
            }
            (b'*', Some(b'/')) => {
                depth -= 1;
                j += 2;
                if depth == 0 {
                    return j;
                }
            }
            _ => j += 1,
        }
    }
    bytes.len()
}

/// End of a string whose body starts at `j` (after the opening quote).
fn string_end(bytes: &[u8], mut j: usize) -> usize {
    while let Some(&b) = bytes.get(j) {
        match b {
            b'\\' => j += 2,
            b'"' => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

/// End of a raw string `r#"…"#` starting at the `r`; `None` if this is no raw string (`r#id`).
fn raw_string_end(bytes: &[u8], i: usize) -> Option<usize> {
    let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
    let body = i + 1 + hashes;
    if bytes.get(body) != Some(&b'"') {
        return None;
    }
    let mut j = body + 1;
    while j < bytes.len() {
        if bytes[j] == b'"' && bytes[j + 1..].iter().take(hashes).filter(|&&b| b == b'#').count() == hashes {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(bytes.len())
}

/// End of a char literal at `i`, or `i + 1` when the quote starts a lifetime or label.
fn char_end(text: &str, i: usize) -> usize {
    let bytes = text.as_bytes();
    match bytes.get(i + 1) {
        // An escape: the closing quote is near (`'\''`, `'\u{10FFFF}'`).
        Some(b'\\') => bytes.iter().skip(i + 3).take(10).position(|&b| b == b'\'').map_or(i + 1, |p| i + 3 + p + 1),
        Some(_) => {
            let len = text.get(i + 1..).and_then(|s| s.chars().next()).map_or(1, char::len_utf8);
            if bytes.get(i + 1 + len) == Some(&b'\'') {
                i + 2 + len
            } else {
                i + 1
            }
        }
        None => i + 1,
    }
}

// ---------------------------------------------------------------------------------------------
// Lowering.

/// How a macro's raw tokens are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// Any macro whose tokens are not plain expressions.
    Macro,
    /// `json!`: `null` is a value.
    Json,
    /// An attribute's arguments: `name(…)` is a nested list of pairs.
    Attr,
}

/// Byte offsets from proc-macro2's line/column positions. proc-macro2 can report byte offsets
/// itself (`Span::byte_range`), but it maintains a map for every lookup, which cost as much as
/// all the rest of the lowering.
struct Lines<'a> {
    /// The text syn tokenized: the file without BOM and shebang line.
    text: &'a str,
    /// Where `text` starts in the file.
    base: usize,
    /// Byte offset of each line; proc-macro2 ends lines at `\n` only.
    starts: Vec<usize>,
    /// Whether each line is ASCII, so that its char columns are byte columns.
    ascii: Vec<bool>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str, base: usize) -> Self {
        let mut starts = vec![0];
        let mut ascii = Vec::new();
        let mut line_ascii = true;
        for (i, &b) in text.as_bytes().iter().enumerate() {
            line_ascii &= b.is_ascii();
            if b == b'\n' {
                starts.push(i + 1);
                ascii.push(line_ascii);
                line_ascii = true;
            }
        }
        ascii.push(line_ascii);
        Lines { text, base, starts, ascii }
    }

    /// The offset in the file of a 1-based line and 0-based char column.
    fn offset(&self, at: proc_macro2::LineColumn) -> usize {
        let line = at.line.saturating_sub(1);
        let Some(&start) = self.starts.get(line) else {
            return self.base + self.text.len();
        };
        let rest = self.text.get(start..).unwrap_or("");
        let within = if self.ascii.get(line).copied().unwrap_or(false) {
            at.column
        } else {
            rest.char_indices().nth(at.column).map_or(rest.len(), |(i, _)| i)
        };
        self.base + start + within.min(rest.len())
    }
}

struct Lowerer<'a> {
    b: TreeBuilder,
    lines: Lines<'a>,
    /// Nesting of token groups being read inside a macro.
    tok_depth: usize,
    /// Attributes of an expression statement (`#[cfg(…)] app.map_handler(…);`), lowered as the
    /// first children of the node the expression opens.
    pending_attrs: Vec<Attribute>,
}

impl<'a> Lowerer<'a> {
    // -- spans ----------------------------------------------------------------------------

    fn range(&self, s: Span) -> (usize, usize) {
        (self.start(s), self.end(s))
    }

    fn start(&self, s: Span) -> usize {
        self.lines.offset(s.start())
    }

    fn end(&self, s: Span) -> usize {
        self.lines.offset(s.end())
    }

    /// An identifier's range with one lookup: an identifier never spans lines, and it prints
    /// exactly as written (`r#` included).
    fn ident_range(&self, i: &Ident) -> (usize, usize) {
        self.ident(i).0
    }

    /// An identifier's range and its name without `r#` (see [`name`]), read where the source
    /// writes it; an identifier the source does not write at its span (a `doc` of a doc
    /// comment) is printed.
    fn ident(&self, i: &Ident) -> ((usize, usize), std::borrow::Cow<'a, str>) {
        let start = self.start(i.span());
        let text: &'a str = self.lines.text;
        let written = start.checked_sub(self.lines.base).and_then(|at| text.get(at..)).unwrap_or("");
        let raw = usize::from(written.starts_with("r#")) * 2;
        let len = raw + written.bytes().skip(raw).take_while(|&b| is_ident_byte(b)).count();
        match written.get(..len) {
            Some(text) if len > raw && *i == text => ((start, start + len), text.get(raw..).unwrap_or(text).into()),
            _ => ((start, (start + display_len(i)).min(self.lines.base + self.lines.text.len())), name(i).into()),
        }
    }

    /// From the start of `first` to the end of `last`; each lookup costs a search in
    /// proc-macro2's line table, so only the two ends needed are converted.
    fn join(&self, first: Span, last: Span) -> (usize, usize) {
        (self.start(first), self.end(last))
    }

    /// The span of a small node. `Spanned` prints the node's tokens, so large nodes (items,
    /// blocks, expressions) compute theirs from their first and last tokens instead.
    fn spanned<T: Spanned>(&self, t: &T) -> (usize, usize) {
        self.range(t.span())
    }

    /// From `start` to `end` when both edges are known, else the printed span of `node`.
    fn edges_or_printed<T: Spanned>(&self, start: Option<Span>, end: Option<Span>, node: &T) -> (usize, usize) {
        match (start, end) {
            (Some(start), Some(end)) => self.join(start, end),
            _ => self.spanned(node),
        }
    }

    fn type_span(&self, t: &Type) -> (usize, usize) {
        self.edges_or_printed(type_start(t), type_end(t), t)
    }

    fn pat_span(&self, p: &Pat) -> (usize, usize) {
        self.edges_or_printed(pat_start(p), pat_end(p), p)
    }

    fn expr_span(&self, e: &Expr) -> (usize, usize) {
        self.join(expr_start(e), expr_end(e))
    }

    /// Items start at their first attribute that is not a doc comment, else at `head`.
    fn item_span(&self, attrs: &[Attribute], head: Span, last: Span) -> (usize, usize) {
        let start = attrs.iter().find(|a| !is_doc(a)).map_or(head, |a| a.pound_token.span);
        self.join(start, last)
    }

    fn leaf(&mut self, kind: Kind, role: Role, span: (usize, usize), text: &str) -> NodeId {
        self.pending_attrs.clear();
        self.b.leaf(kind, role, span, text)
    }

    fn open(&mut self, kind: Kind, role: Role, span: (usize, usize), text: &str) -> NodeId {
        let id = self.b.open(kind, role, span, text);
        if !self.pending_attrs.is_empty() {
            let attrs = std::mem::take(&mut self.pending_attrs);
            self.attrs(&attrs);
        }
        id
    }

    fn close(&mut self) {
        self.b.close();
    }

    fn too_deep(&self) -> bool {
        self.b.depth() >= MAX_TREE_DEPTH
    }

    // -- file, items -----------------------------------------------------------------------

    fn file(&mut self, file: &syn::File, len: usize) {
        self.open(Kind::Module, Role::None, (0, len), "");
        self.attrs(&file.attrs);
        for item in &file.items {
            self.item(item, Role::Stmt);
        }
        self.close();
    }

    fn item(&mut self, item: &Item, role: Role) {
        if self.too_deep() {
            let span = self.spanned(item);
            self.leaf(Kind::Other, role, span, "");
            return;
        }
        match item {
            Item::Use(u) => self.use_item(u, role),
            Item::Fn(f) => {
                let span =
                    self.item_span(&f.attrs, vis_or(&f.vis, sig_start(&f.sig)), f.block.brace_token.span.close());
                self.func(&f.attrs, &f.sig, Some(&f.block), span, role);
            }
            Item::Impl(i) => self.impl_block(i, role),
            Item::Trait(t) => self.trait_def(t, role),
            Item::Struct(s) => {
                let last = s.semi_token.map_or_else(|| fields_end(&s.fields, s.ident.span()), |t| t.span);
                let span = self.item_span(&s.attrs, vis_or(&s.vis, s.struct_token.span), last);
                self.container(&s.attrs, &s.ident, span, role);
                self.fields(&s.fields);
                self.close();
            }
            Item::Union(u) => {
                let last = u.fields.brace_token.span.close();
                let span = self.item_span(&u.attrs, vis_or(&u.vis, u.union_token.span), last);
                self.container(&u.attrs, &u.ident, span, role);
                self.fields(&u.fields.named);
                self.close();
            }
            Item::Enum(e) => self.enum_def(e, role),
            Item::Const(c) => {
                let span = self.item_span(&c.attrs, vis_or(&c.vis, c.const_token.span), c.semi_token.span);
                self.var(&c.attrs, &c.ident, Some(&c.ty), Some(&c.expr), span, role);
            }
            Item::Static(s) => {
                let span = self.item_span(&s.attrs, vis_or(&s.vis, s.static_token.span), s.semi_token.span);
                self.var(&s.attrs, &s.ident, Some(&s.ty), Some(&s.expr), span, role);
            }
            Item::Mod(m) => self.module(m, role),
            Item::Macro(m) => self.item_macro(m, role),
            Item::Type(t) => {
                let span = self.item_span(&t.attrs, vis_or(&t.vis, t.type_token.span), t.semi_token.span);
                self.open(Kind::Other, role, span, &name(&t.ident));
                self.attrs(&t.attrs);
                self.ty(&t.ty, Role::Type);
                self.close();
            }
            Item::ExternCrate(c) => {
                let span = self.item_span(&c.attrs, vis_or(&c.vis, c.extern_token.span), c.semi_token.span);
                self.leaf(Kind::Import, role, span, &name(&c.ident));
            }
            Item::ForeignMod(f) => self.foreign_mod(f, role),
            Item::TraitAlias(t) => {
                let span = self.item_span(&t.attrs, vis_or(&t.vis, t.trait_token.span), t.semi_token.span);
                let id = self.container(&t.attrs, &t.ident, span, role);
                self.b.set_flag(id, flags::INTERFACE);
                self.supertraits(&t.bounds);
                self.close();
            }
            _ => {
                let span = self.spanned(item);
                self.leaf(Kind::Other, role, span, "");
            }
        }
    }

    /// Opens a `Container` with its attributes; the caller adds members and closes it.
    fn container(&mut self, attrs: &[Attribute], ident: &Ident, span: (usize, usize), role: Role) -> NodeId {
        let id = self.open(Kind::Container, role, span, &name(ident));
        let name_span = self.ident_range(ident);
        self.b.set_name_span(id, name_span);
        self.attrs(attrs);
        id
    }

    fn use_item(&mut self, u: &ItemUse, role: Role) {
        let span = self.item_span(&u.attrs, vis_or(&u.vis, u.use_token.span), u.semi_token.span);
        self.use_tree(&u.tree, &mut Vec::new(), span, role);
    }

    /// One `Import` per leaf of a `use` tree, named by its full path.
    fn use_tree(&mut self, tree: &UseTree, prefix: &mut Vec<String>, span: (usize, usize), role: Role) {
        let leaf = match tree {
            UseTree::Path(p) => {
                prefix.push(name(&p.ident));
                self.use_tree(&p.tree, prefix, span, role);
                prefix.pop();
                return;
            }
            UseTree::Group(g) => {
                for t in &g.items {
                    let s = self.spanned(t);
                    self.use_tree(t, prefix, s, role);
                }
                return;
            }
            UseTree::Name(n) => name(&n.ident),
            UseTree::Rename(r) => name(&r.ident),
            UseTree::Glob(_) => "*".to_string(),
        };
        let mut path = prefix.join("::");
        // `use a::{self}` imports `a` itself.
        if leaf != "self" || path.is_empty() {
            if !path.is_empty() {
                path.push_str("::");
            }
            path.push_str(&leaf);
        }
        // `use a::B as C`: the local name is a `Value` leaf under the import.
        match tree {
            UseTree::Rename(r) => {
                self.open(Kind::Import, role, span, &path);
                let alias = self.ident_range(&r.rename);
                self.leaf(Kind::Other, Role::Value, alias, &name(&r.rename));
                self.close();
            }
            _ => {
                self.leaf(Kind::Import, role, span, &path);
            }
        }
    }

    fn func(&mut self, attrs: &[Attribute], sig: &Signature, body: Option<&Block>, span: (usize, usize), role: Role) {
        let id = self.open(Kind::Fn, role, span, &name(&sig.ident));
        let name_span = self.ident_range(&sig.ident);
        self.b.set_name_span(id, name_span);
        if sig.asyncness.is_some() {
            self.b.set_flag(id, flags::ASYNC);
        }
        self.attrs(attrs);
        for input in &sig.inputs {
            match input {
                FnArg::Receiver(r) => {
                    let span = self.spanned(r);
                    self.open(Kind::Param, Role::Param, span, "self");
                    if r.colon_token.is_some() {
                        self.ty(&r.ty, Role::Type);
                    }
                    self.close();
                }
                FnArg::Typed(t) => {
                    let span = self.edges_or_printed(pat_start(&t.pat), type_end(&t.ty), t);
                    self.param(&t.pat, Some(&t.ty), span);
                }
            }
        }
        self.return_type(&sig.output);
        if let Some(body) = body {
            self.block(body, Role::Body);
        }
        self.close();
    }

    fn param(&mut self, pat: &Pat, ty: Option<&Type>, span: (usize, usize)) {
        let name = plain_ident(pat);
        let id = self.open(Kind::Param, Role::Param, span, name.as_deref().unwrap_or(""));
        let name_span = self.spanned(pat);
        self.b.set_name_span(id, name_span);
        if name.is_none() {
            self.pat(pat, Role::Pattern);
        }
        if let Some(ty) = ty {
            self.ty(ty, Role::Type);
        }
        self.close();
    }

    fn return_type(&mut self, output: &ReturnType) {
        if let ReturnType::Type(_, ty) = output {
            self.ty(ty, Role::Type);
        }
    }

    fn impl_block(&mut self, i: &ItemImpl, role: Role) {
        let head = i.defaultness.map(|t| t.span).or(i.unsafety.map(|t| t.span)).unwrap_or(i.impl_token.span);
        let span = self.item_span(&i.attrs, head, i.brace_token.span.close());
        let id = self.open(Kind::Container, role, span, &type_name(&i.self_ty));
        self.b.set_flag(id, flags::IMPL);
        let name_span = self.type_span(&i.self_ty);
        self.b.set_name_span(id, name_span);
        self.attrs(&i.attrs);
        if let Some((_, path, _)) = &i.trait_ {
            let span = self.spanned(path);
            self.type_path(path, Role::Implements, span);
        }
        for item in &i.items {
            self.impl_member(item);
        }
        self.close();
    }

    fn impl_member(&mut self, item: &ImplItem) {
        match item {
            ImplItem::Fn(f) => {
                let head = vis_or(&f.vis, f.defaultness.map_or(sig_start(&f.sig), |d| d.span));
                let span = self.item_span(&f.attrs, head, f.block.brace_token.span.close());
                self.func(&f.attrs, &f.sig, Some(&f.block), span, Role::Stmt);
            }
            ImplItem::Const(c) => {
                let span = self.item_span(&c.attrs, vis_or(&c.vis, c.const_token.span), c.semi_token.span);
                self.var(&c.attrs, &c.ident, Some(&c.ty), Some(&c.expr), span, Role::Stmt);
            }
            ImplItem::Type(t) => {
                let span = self.item_span(&t.attrs, vis_or(&t.vis, t.type_token.span), t.semi_token.span);
                self.open(Kind::Other, Role::Stmt, span, &name(&t.ident));
                self.attrs(&t.attrs);
                self.ty(&t.ty, Role::Type);
                self.close();
            }
            ImplItem::Macro(m) => {
                let last = m.semi_token.map_or(macro_end(&m.mac), |s| s.span);
                let span = self.item_span(&m.attrs, path_start(&m.mac.path), last);
                self.mac(&m.mac, Role::Stmt, span);
            }
            _ => {
                let span = self.spanned(item);
                self.leaf(Kind::Other, Role::Stmt, span, "");
            }
        }
    }

    fn trait_def(&mut self, t: &ItemTrait, role: Role) {
        let head = t.unsafety.map(|u| u.span).or(t.auto_token.map(|a| a.span)).unwrap_or(t.trait_token.span);
        let span = self.item_span(&t.attrs, vis_or(&t.vis, head), t.brace_token.span.close());
        let id = self.container(&t.attrs, &t.ident, span, role);
        self.b.set_flag(id, flags::INTERFACE);
        self.supertraits(&t.supertraits);
        for item in &t.items {
            self.trait_member(item);
        }
        self.close();
    }

    fn supertraits(&mut self, bounds: &Punctuated<TypeParamBound, syn::Token![+]>) {
        for bound in bounds {
            if let TypeParamBound::Trait(tb) = bound {
                let span = self.spanned(tb);
                self.type_path(&tb.path, Role::Implements, span);
            }
        }
    }

    fn trait_member(&mut self, item: &TraitItem) {
        match item {
            TraitItem::Fn(f) => {
                let last = f.default.as_ref().map_or_else(
                    || f.semi_token.map_or(f.sig.ident.span(), |s| s.span),
                    |b| b.brace_token.span.close(),
                );
                let span = self.item_span(&f.attrs, sig_start(&f.sig), last);
                self.func(&f.attrs, &f.sig, f.default.as_ref(), span, Role::Stmt);
            }
            TraitItem::Const(c) => {
                let span = self.item_span(&c.attrs, c.const_token.span, c.semi_token.span);
                let init = c.default.as_ref().map(|(_, e)| e);
                self.var(&c.attrs, &c.ident, Some(&c.ty), init, span, Role::Stmt);
            }
            TraitItem::Type(t) => {
                let span = self.item_span(&t.attrs, t.type_token.span, t.semi_token.span);
                self.open(Kind::Other, Role::Stmt, span, &name(&t.ident));
                self.attrs(&t.attrs);
                if let Some((_, ty)) = &t.default {
                    self.ty(ty, Role::Type);
                }
                self.close();
            }
            TraitItem::Macro(m) => {
                let last = m.semi_token.map_or(macro_end(&m.mac), |s| s.span);
                let span = self.item_span(&m.attrs, path_start(&m.mac.path), last);
                self.mac(&m.mac, Role::Stmt, span);
            }
            _ => {
                let span = self.spanned(item);
                self.leaf(Kind::Other, Role::Stmt, span, "");
            }
        }
    }

    /// Struct, union and enum-variant fields: `Field` named by the field or its index.
    fn fields<'f>(&mut self, fields: impl IntoIterator<Item = &'f syn::Field>) {
        for (index, f) in fields.into_iter().enumerate() {
            let name = f.ident.as_ref().map_or_else(|| index.to_string(), name);
            let head = f.ident.as_ref().map_or_else(|| f.ty.span(), Ident::span);
            let span = self.item_span(&f.attrs, vis_or(&f.vis, head), f.ty.span());
            let id = self.open(Kind::Field, Role::Member, span, &name);
            let name_span = self.range(head);
            self.b.set_name_span(id, name_span);
            self.attrs(&f.attrs);
            self.ty(&f.ty, Role::Type);
            self.close();
        }
    }

    fn enum_def(&mut self, e: &ItemEnum, role: Role) {
        let span = self.item_span(&e.attrs, vis_or(&e.vis, e.enum_token.span), e.brace_token.span.close());
        self.container(&e.attrs, &e.ident, span, role);
        for v in &e.variants {
            let last = match &v.discriminant {
                Some((_, d)) => expr_end(d),
                None => fields_end(&v.fields, v.ident.span()),
            };
            let span = self.item_span(&v.attrs, v.ident.span(), last);
            let id = self.open(Kind::Field, Role::Member, span, &name(&v.ident));
            let name_span = self.ident_range(&v.ident);
            self.b.set_name_span(id, name_span);
            self.attrs(&v.attrs);
            self.fields(&v.fields);
            if let Some((_, d)) = &v.discriminant {
                self.expr(d, Role::Init);
            }
            self.close();
        }
        self.close();
    }

    fn var(
        &mut self,
        attrs: &[Attribute],
        ident: &Ident,
        ty: Option<&Type>,
        init: Option<&Expr>,
        span: (usize, usize),
        role: Role,
    ) {
        let id = self.open(Kind::Var, role, span, &name(ident));
        let name_span = self.ident_range(ident);
        self.b.set_name_span(id, name_span);
        self.attrs(attrs);
        if let Some(ty) = ty {
            self.ty(ty, Role::Type);
        }
        if let Some(init) = init {
            self.expr(init, Role::Init);
        }
        self.close();
    }

    fn module(&mut self, m: &ItemMod, role: Role) {
        let last = match (&m.content, &m.semi) {
            (Some((brace, _)), _) => brace.span.close(),
            (None, Some(semi)) => semi.span,
            (None, None) => m.ident.span(),
        };
        let head = m.unsafety.map_or(m.mod_token.span, |u| u.span);
        let span = self.item_span(&m.attrs, vis_or(&m.vis, head), last);
        let id = self.open(Kind::Other, role, span, &name(&m.ident));
        self.b.set_flag(id, flags::MODULE);
        self.attrs(&m.attrs);
        for item in m.content.iter().flat_map(|(_, items)| items) {
            self.item(item, Role::Stmt);
        }
        self.close();
    }

    fn foreign_mod(&mut self, f: &syn::ItemForeignMod, role: Role) {
        let span = self.item_span(&f.attrs, f.abi.extern_token.span, f.brace_token.span.close());
        self.open(Kind::Block, role, span, "");
        self.attrs(&f.attrs);
        for item in &f.items {
            let span = self.spanned(item);
            match item {
                syn::ForeignItem::Fn(func) => self.func(&func.attrs, &func.sig, None, span, Role::Stmt),
                syn::ForeignItem::Static(s) => self.var(&s.attrs, &s.ident, Some(&s.ty), None, span, Role::Stmt),
                syn::ForeignItem::Macro(m) => self.mac(&m.mac, Role::Stmt, span),
                _ => {
                    self.leaf(Kind::Other, Role::Stmt, span, "");
                }
            }
        }
        self.close();
    }

    fn item_macro(&mut self, m: &ItemMacro, role: Role) {
        let last = m.semi_token.map_or(macro_end(&m.mac), |s| s.span);
        let span = self.item_span(&m.attrs, path_start(&m.mac.path), last);
        self.mac(&m.mac, role, span);
    }

    // -- attributes ------------------------------------------------------------------------

    fn attrs(&mut self, attrs: &[Attribute]) {
        for a in attrs {
            self.attr(a);
        }
    }

    /// `#[name(args)]` with its arguments read like macro tokens; doc comments are skipped.
    fn attr(&mut self, a: &Attribute) {
        if is_doc(a) {
            return;
        }
        let span = self.join(a.pound_token.span, a.bracket_token.span.close());
        self.open(Kind::Attribute, Role::Attr, span, &path_text(a.path()));
        match &a.meta {
            Meta::Path(_) => {}
            Meta::List(list) => self.token_entries(&list.tokens, Role::Arg, Ctx::Attr),
            Meta::NameValue(nv) => self.expr(&nv.value, Role::Value),
        }
        self.close();
    }

    // -- statements ------------------------------------------------------------------------

    fn block(&mut self, block: &Block, role: Role) -> NodeId {
        let span = self.range(block.brace_token.span.join());
        let id = self.open(Kind::Block, role, span, "");
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
        self.close();
        id
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Local(l) => self.local(l),
            Stmt::Item(item) => self.item(item, Role::Stmt),
            Stmt::Expr(e, _) => {
                self.pending_attrs = expr_attrs(e).iter().filter(|a| !is_doc(a)).cloned().collect();
                self.expr(e, Role::Stmt);
                self.pending_attrs.clear();
            }
            Stmt::Macro(m) => {
                let last = m.semi_token.map_or(macro_end(&m.mac), |s| s.span);
                let span = self.item_span(&m.attrs, path_start(&m.mac.path), last);
                self.pending_attrs = m.attrs.iter().filter(|a| !is_doc(a)).cloned().collect();
                self.mac(&m.mac, Role::Stmt, span);
                self.pending_attrs.clear();
            }
        }
    }

    /// `let`: a `Var` named by a plain identifier pattern, else holding the pattern.
    fn local(&mut self, l: &Local) {
        let span = self.item_span(&l.attrs, l.let_token.span, l.semi_token.span);
        let (pat, ty) = match &l.pat {
            Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            p => (p, None),
        };
        let name = plain_ident(pat);
        let id = self.open(Kind::Var, Role::Stmt, span, name.as_deref().unwrap_or(""));
        let name_span = self.spanned(pat);
        self.b.set_name_span(id, name_span);
        self.attrs(&l.attrs);
        if name.is_none() {
            self.pat(pat, Role::Pattern);
        }
        if let Some(ty) = ty {
            self.ty(ty, Role::Type);
        }
        if let Some(init) = &l.init {
            self.expr(&init.expr, Role::Init);
            if let Some((_, diverge)) = &init.diverge {
                self.expr(diverge, Role::Else);
            }
        }
        self.close();
    }

    // -- expressions -----------------------------------------------------------------------

    fn expr(&mut self, e: &Expr, role: Role) {
        let span = self.expr_span(e);
        if self.too_deep() {
            self.leaf(Kind::Other, role, span, "");
            return;
        }
        match e {
            Expr::Lit(l) => {
                self.lit(&l.lit, role, span, false);
            }
            Expr::Path(p) => self.path_expr(p.qself.as_ref(), &p.path, role),
            Expr::Field(f) => {
                let id = self.open(Kind::Member, role, span, &member_text(&f.member));
                let name_span = self.range(member_span(&f.member));
                self.b.set_name_span(id, name_span);
                self.expr(&f.base, Role::Object);
                self.close();
            }
            Expr::MethodCall(m) => self.method_call(m, role, span),
            Expr::Call(c) => {
                self.open(Kind::Call, role, span, "");
                self.expr(&c.func, Role::Callee);
                self.exprs(&c.args, Role::Arg);
                self.close();
            }
            Expr::Index(i) => {
                self.open(Kind::Index, role, span, "");
                self.expr(&i.expr, Role::Object);
                self.expr(&i.index, Role::Index);
                self.close();
            }
            Expr::Binary(b) => {
                let (op, assign) = bin_op(&b.op);
                let kind = if assign { Kind::Assign } else { Kind::Binary };
                self.two(kind, op, &b.left, &b.right, role, span);
            }
            Expr::Assign(a) => self.two(Kind::Assign, "=", &a.left, &a.right, role, span),
            Expr::Unary(u) => self.unary(&u.op, &u.expr, role, span),
            Expr::Reference(r) => self.wrap(Kind::Unary, "&", &r.expr, role, span),
            Expr::RawAddr(r) => self.wrap(Kind::Unary, "&", &r.expr, role, span),
            Expr::Try(t) => self.wrap(Kind::Unary, "?", &t.expr, role, span),
            Expr::Await(a) => self.wrap(Kind::Unary, "await", &a.base, role, span),
            // Casts, parentheses and invisible groups do not change what a value is.
            Expr::Cast(c) => self.expr(&c.expr, role),
            Expr::Paren(p) => self.expr(&p.expr, role),
            Expr::Group(g) => self.expr(&g.expr, role),
            _ => self.control_expr(e, role, span),
        }
    }

    /// Blocks, control flow and compound literals.
    fn control_expr(&mut self, e: &Expr, role: Role, span: (usize, usize)) {
        match e {
            Expr::If(i) => self.if_expr(i, role, span),
            Expr::Let(l) => {
                self.open(Kind::Other, role, span, "let");
                self.pat(&l.pat, Role::Pattern);
                self.expr(&l.expr, Role::Init);
                self.close();
            }
            Expr::Match(m) => self.match_expr(m, role, span),
            Expr::While(w) => {
                self.open(Kind::Loop, role, span, "while");
                self.expr(&w.cond, Role::Cond);
                self.block(&w.body, Role::Body);
                self.close();
            }
            Expr::ForLoop(f) => {
                self.open(Kind::Loop, role, span, "for");
                self.pat(&f.pat, Role::Pattern);
                self.expr(&f.expr, Role::Init);
                self.block(&f.body, Role::Body);
                self.close();
            }
            Expr::Loop(l) => {
                self.open(Kind::Loop, role, span, "loop");
                self.block(&l.body, Role::Body);
                self.close();
            }
            Expr::Block(b) => {
                self.block(&b.block, role);
            }
            Expr::Async(a) => {
                let id = self.block(&a.block, role);
                self.b.set_flag(id, flags::ASYNC);
            }
            Expr::Unsafe(u) => {
                self.block(&u.block, role);
            }
            Expr::Const(c) => {
                self.block(&c.block, role);
            }
            Expr::TryBlock(t) => {
                self.block(&t.block, role);
            }
            Expr::Break(b) => self.jump(Kind::Break, "", b.expr.as_deref(), role, span),
            Expr::Return(r) => self.jump(Kind::Return, "", r.expr.as_deref(), role, span),
            Expr::Yield(y) => self.jump(Kind::Other, "yield", y.expr.as_deref(), role, span),
            Expr::Continue(_) => {
                self.leaf(Kind::Continue, role, span, "");
            }
            _ => self.literal_expr(e, role, span),
        }
    }

    /// Closures, struct literals, arrays and what remains.
    fn literal_expr(&mut self, e: &Expr, role: Role, span: (usize, usize)) {
        match e {
            Expr::Closure(c) => self.closure(c, role, span),
            Expr::Struct(s) => self.struct_expr(s, role, span),
            Expr::Array(a) => {
                self.open(Kind::Array, role, span, "");
                self.exprs(&a.elems, Role::Elem);
                self.close();
            }
            Expr::Tuple(t) => {
                self.open(Kind::Array, role, span, "");
                self.exprs(&t.elems, Role::Elem);
                self.close();
            }
            Expr::Repeat(r) => {
                self.open(Kind::Array, role, span, "");
                self.expr(&r.expr, Role::Elem);
                self.expr(&r.len, Role::Index);
                self.close();
            }
            Expr::Range(r) => self.range_expr(r, role, span),
            Expr::Macro(m) => self.mac(&m.mac, role, span),
            Expr::Infer(_) => {
                self.leaf(Kind::Ident, role, span, "_");
            }
            _ => {
                self.leaf(Kind::Other, role, span, "");
            }
        }
    }

    fn exprs<'e>(&mut self, exprs: impl IntoIterator<Item = &'e Expr>, role: Role) {
        for e in exprs {
            self.expr(e, role);
        }
    }

    fn two(&mut self, kind: Kind, op: &str, left: &Expr, right: &Expr, role: Role, span: (usize, usize)) {
        self.open(kind, role, span, op);
        self.expr(left, Role::Left);
        self.expr(right, Role::Right);
        self.close();
    }

    fn wrap(&mut self, kind: Kind, op: &str, inner: &Expr, role: Role, span: (usize, usize)) {
        self.open(kind, role, span, op);
        self.expr(inner, Role::Operand);
        self.close();
    }

    fn jump(&mut self, kind: Kind, text: &str, value: Option<&Expr>, role: Role, span: (usize, usize)) {
        self.open(kind, role, span, text);
        if let Some(v) = value {
            self.expr(v, Role::Operand);
        }
        self.close();
    }

    /// `-1` is one negative number, not a negation.
    fn unary(&mut self, op: &UnOp, inner: &Expr, role: Role, span: (usize, usize)) {
        if let (UnOp::Neg(_), Expr::Lit(l)) = (op, inner) {
            if matches!(l.lit, Lit::Int(_) | Lit::Float(_)) {
                self.lit(&l.lit, role, span, true);
                return;
            }
        }
        let text = match op {
            UnOp::Deref(_) => "*",
            UnOp::Not(_) => "!",
            UnOp::Neg(_) => "-",
            _ => "",
        };
        self.wrap(Kind::Unary, text, inner, role, span);
    }

    /// `a.b(x)`: a `Call` whose callee is `Member{b, Object a}`.
    fn method_call(&mut self, m: &ExprMethodCall, role: Role, span: (usize, usize)) {
        self.open(Kind::Call, role, span, "");
        let callee_end = m.turbofish.as_ref().map_or(m.method.span(), |t| t.gt_token.span);
        let callee_span = (span.0, self.end(callee_end));
        let (name_span, method) = self.ident(&m.method);
        let id = self.open(Kind::Member, Role::Callee, callee_span, &method);
        self.b.set_name_span(id, name_span);
        self.expr(&m.receiver, Role::Object);
        self.close();
        self.exprs(&m.args, Role::Arg);
        self.close();
    }

    /// `a::b::C` as nested `Member`s (flag `STATIC_PATH`) over `Ident(a)`; generics dropped.
    fn path_expr(&mut self, qself: Option<&QSelf>, path: &Path, role: Role) {
        let segments: Vec<_> = path.segments.iter().collect();
        let (base, members): ((std::borrow::Cow<'_, str>, Option<&Ident>), &[&syn::PathSegment]) =
            match (qself, segments.split_first()) {
                (Some(q), _) => {
                    let members = segments.get(q.position..).unwrap_or(&[]);
                    ((type_name(&q.ty).into(), None), members)
                }
                (None, Some((first, rest))) => ((self.ident(&first.ident).1, Some(&first.ident)), rest),
                (None, None) => {
                    let span = self.spanned(path);
                    self.leaf(Kind::Other, role, span, "");
                    return;
                }
            };
        let start = self.start(qself.map_or_else(|| path_start(path), |q| q.lt_token.span));
        for (k, seg) in members.iter().rev().enumerate() {
            let r = if k == 0 { role } else { Role::Object };
            let (seg_span, seg_name) = self.ident(&seg.ident);
            let id = self.open(Kind::Member, r, (start, seg_span.1), &seg_name);
            self.b.set_flag(id, flags::STATIC_PATH);
            self.b.set_name_span(id, seg_span);
        }
        let base_role = if members.is_empty() { role } else { Role::Object };
        let base_span = match (qself, base.1) {
            (Some(q), _) => self.join(q.lt_token.span, q.gt_token.span),
            (None, Some(ident)) => self.ident_range(ident),
            (None, None) => (start, start),
        };
        self.leaf(Kind::Ident, base_role, base_span, &base.0);
        for _ in members {
            self.close();
        }
    }

    fn if_expr(&mut self, i: &ExprIf, role: Role, span: (usize, usize)) {
        self.open(Kind::If, role, span, "");
        self.expr(&i.cond, Role::Cond);
        self.block(&i.then_branch, Role::Then);
        if let Some((_, e)) = &i.else_branch {
            self.expr(e, Role::Else);
        }
        self.close();
    }

    fn match_expr(&mut self, m: &ExprMatch, role: Role, span: (usize, usize)) {
        self.open(Kind::Switch, role, span, "");
        self.expr(&m.expr, Role::Scrutinee);
        for arm in &m.arms {
            self.arm(arm);
        }
        self.close();
    }

    /// One `Case`: a `Pattern` child per `|` alternative, then `Guard` and `Body`.
    fn arm(&mut self, arm: &Arm) {
        let start = pat_start(&arm.pat).map_or_else(|| self.spanned(&arm.pat).0, |s| self.start(s));
        let span = (start, self.end(expr_end(&arm.body)));
        self.open(Kind::Case, Role::Case, span, "");
        self.attrs(&arm.attrs);
        match &arm.pat {
            Pat::Or(or) => {
                for p in &or.cases {
                    self.pat(p, Role::Pattern);
                }
            }
            p => self.pat(p, Role::Pattern),
        }
        if let Some((_, guard)) = &arm.guard {
            self.expr(guard, Role::Guard);
        }
        self.expr(&arm.body, Role::Body);
        self.close();
    }

    fn closure(&mut self, c: &ExprClosure, role: Role, span: (usize, usize)) {
        let id = self.open(Kind::Fn, role, span, "");
        if c.asyncness.is_some() {
            self.b.set_flag(id, flags::ASYNC);
        }
        for input in &c.inputs {
            let span = self.spanned(input);
            match input {
                Pat::Type(pt) => self.param(&pt.pat, Some(&pt.ty), span),
                p => self.param(p, None, span),
            }
        }
        self.return_type(&c.output);
        self.expr(&c.body, Role::Body);
        self.close();
    }

    /// `Foo { a: 1, b, ..base }`: an `Object` of `Pair`s and a `Spread`.
    fn struct_expr(&mut self, s: &ExprStruct, role: Role, span: (usize, usize)) {
        self.open(Kind::Object, role, span, &last_segment(&s.path));
        for f in &s.fields {
            self.field_value(f);
        }
        if let Some(dots) = &s.dot2_token {
            let last = s.rest.as_deref().map_or(dots.spans[1], expr_end);
            let span = self.join(dots.spans[0], last);
            self.open(Kind::Spread, Role::Member, span, "");
            if let Some(rest) = &s.rest {
                self.expr(rest, Role::Operand);
            }
            self.close();
        }
        self.close();
    }

    fn field_value(&mut self, f: &FieldValue) {
        let span = self.join(member_span(&f.member), expr_end(&f.expr));
        let id = self.open(Kind::Pair, Role::Member, span, &member_text(&f.member));
        let name_span = self.range(member_span(&f.member));
        self.b.set_name_span(id, name_span);
        if f.colon_token.is_none() {
            self.b.set_flag(id, flags::SHORTHAND);
        }
        self.attrs(&f.attrs);
        self.expr(&f.expr, Role::Value);
        self.close();
    }

    fn range_expr(&mut self, r: &ExprRange, role: Role, span: (usize, usize)) {
        let op = match r.limits {
            syn::RangeLimits::HalfOpen(_) => "..",
            syn::RangeLimits::Closed(_) => "..=",
        };
        self.open(Kind::Other, role, span, op);
        if let Some(start) = &r.start {
            self.expr(start, Role::Left);
        }
        if let Some(end) = &r.end {
            self.expr(end, Role::Right);
        }
        self.close();
    }

    // -- literals --------------------------------------------------------------------------

    /// Strings (decoded; byte strings lossily) and chars are `Str`; integers carry their value.
    fn lit(&mut self, lit: &Lit, role: Role, span: (usize, usize), negative: bool) -> NodeId {
        match lit {
            Lit::Str(s) => self.leaf(Kind::Str, role, span, &s.value()),
            Lit::ByteStr(s) => self.leaf(Kind::Str, role, span, &String::from_utf8_lossy(&s.value())),
            Lit::CStr(s) => self.leaf(Kind::Str, role, span, &String::from_utf8_lossy(s.value().to_bytes())),
            Lit::Char(c) => self.leaf(Kind::Str, role, span, &c.value().to_string()),
            Lit::Byte(b) => {
                let id = self.leaf(Kind::Num, role, span, &b.token().to_string());
                self.b.set_int(id, i64::from(b.value()));
                id
            }
            Lit::Int(i) => {
                let sign = if negative { "-" } else { "" };
                let id = self.leaf(Kind::Num, role, span, &format!("{sign}{i}"));
                // `base10_digits` has separators, suffix and radix removed (and a sign when
                // syn itself folded a negative pattern literal).
                let value = i.base10_digits().parse::<i128>().ok();
                let value = if negative { value.and_then(i128::checked_neg) } else { value };
                if let Some(v) = value.and_then(|v| i64::try_from(v).ok()) {
                    self.b.set_int(id, v);
                }
                id
            }
            Lit::Float(f) => {
                let sign = if negative { "-" } else { "" };
                self.leaf(Kind::Num, role, span, &format!("{sign}{f}"))
            }
            Lit::Bool(b) => self.leaf(Kind::Bool, role, span, if b.value { "true" } else { "false" }),
            _ => self.leaf(Kind::Other, role, span, ""),
        }
    }

    // -- patterns --------------------------------------------------------------------------

    fn pat(&mut self, p: &Pat, role: Role) {
        // Wrappers lower as what they wrap, and a binding as its name: their own spans are
        // never needed.
        if !self.too_deep() {
            match p {
                Pat::Paren(pp) => return self.pat(&pp.pat, role),
                Pat::Reference(r) => return self.pat(&r.pat, role),
                Pat::Type(t) => return self.pat(&t.pat, role),
                _ => {}
            }
        }
        let span = match p {
            Pat::Ident(_) if !self.too_deep() => (0, 0),
            _ => self.pat_span(p),
        };
        if self.too_deep() {
            self.leaf(Kind::Other, role, span, "");
            return;
        }
        match p {
            Pat::Ident(i) => {
                // The binding itself, without `ref`/`mut`.
                let (span, binding) = self.ident(&i.ident);
                self.leaf(Kind::Ident, role, span, &binding);
            }
            Pat::Lit(l) => {
                self.lit(&l.lit, role, span, false);
            }
            Pat::Wild(_) => {
                self.leaf(Kind::Ident, role, span, "_");
            }
            Pat::Path(pp) => self.path_expr(pp.qself.as_ref(), &pp.path, role),
            Pat::TupleStruct(ts) => {
                self.open(Kind::Call, role, span, "");
                self.path_expr(ts.qself.as_ref(), &ts.path, Role::Callee);
                self.pats(&ts.elems, Role::Arg);
                self.close();
            }
            Pat::Struct(ps) => self.struct_pat(ps, role, span),
            Pat::Tuple(t) => self.pat_list(Kind::Array, "", &t.elems, Role::Elem, role, span),
            Pat::Slice(s) => self.pat_list(Kind::Array, "", &s.elems, Role::Elem, role, span),
            Pat::Or(o) => self.pat_list(Kind::Other, "|", &o.cases, Role::Pattern, role, span),
            Pat::Paren(pp) => self.pat(&pp.pat, role),
            Pat::Reference(r) => self.pat(&r.pat, role),
            Pat::Type(t) => self.pat(&t.pat, role),
            Pat::Range(r) => self.range_expr(r, role, span),
            Pat::Rest(_) => {
                self.leaf(Kind::Spread, role, span, "");
            }
            Pat::Const(c) => {
                self.block(&c.block, role);
            }
            Pat::Macro(m) => self.mac(&m.mac, role, span),
            _ => {
                self.leaf(Kind::Other, role, span, "");
            }
        }
    }

    fn pats<'p>(&mut self, pats: impl IntoIterator<Item = &'p Pat>, role: Role) {
        for p in pats {
            self.pat(p, role);
        }
    }

    fn pat_list<'p>(
        &mut self,
        kind: Kind,
        text: &str,
        pats: impl IntoIterator<Item = &'p Pat>,
        child_role: Role,
        role: Role,
        span: (usize, usize),
    ) {
        self.open(kind, role, span, text);
        self.pats(pats, child_role);
        self.close();
    }

    fn struct_pat(&mut self, ps: &syn::PatStruct, role: Role, span: (usize, usize)) {
        self.open(Kind::Object, role, span, &last_segment(&ps.path));
        for f in &ps.fields {
            let span = self.spanned(f);
            let id = self.open(Kind::Pair, Role::Member, span, &member_text(&f.member));
            if f.colon_token.is_none() {
                self.b.set_flag(id, flags::SHORTHAND);
            }
            self.pat(&f.pat, Role::Value);
            self.close();
        }
        if let Some(rest) = &ps.rest {
            let span = self.spanned(rest);
            self.leaf(Kind::Spread, Role::Member, span, "");
        }
        self.close();
    }

    // -- types -----------------------------------------------------------------------------

    fn ty(&mut self, t: &Type, role: Role) {
        // A reference is the type it refers to, for every rule so far.
        if !self.too_deep() {
            match t {
                Type::Reference(r) => return self.ty(&r.elem, role),
                Type::Paren(p) => return self.ty(&p.elem, role),
                Type::Group(g) => return self.ty(&g.elem, role),
                _ => {}
            }
        }
        let span = self.type_span(t);
        if self.too_deep() {
            self.leaf(Kind::Type, role, span, "");
            return;
        }
        match t {
            Type::Path(p) => self.type_path(&p.path, role, span),
            Type::Reference(r) => self.ty(&r.elem, role),
            Type::Paren(p) => self.ty(&p.elem, role),
            Type::Group(g) => self.ty(&g.elem, role),
            Type::Ptr(p) => self.type_of(role, span, "", [&*p.elem]),
            Type::Slice(s) => self.type_of(role, span, "", [&*s.elem]),
            Type::Array(a) => self.type_of(role, span, "", [&*a.elem]),
            Type::Tuple(tu) => self.type_of(role, span, "", &tu.elems),
            Type::BareFn(f) => {
                self.open(Kind::Type, role, span, "");
                for arg in &f.inputs {
                    self.ty(&arg.ty, Role::TypeArg);
                }
                if let ReturnType::Type(_, out) = &f.output {
                    self.ty(out, Role::TypeArg);
                }
                self.close();
            }
            Type::ImplTrait(i) => self.bounds_type(&i.bounds, role, span),
            Type::TraitObject(o) => self.bounds_type(&o.bounds, role, span),
            Type::Never(_) => {
                self.leaf(Kind::Type, role, span, "!");
            }
            Type::Infer(_) => {
                self.leaf(Kind::Type, role, span, "_");
            }
            Type::Macro(m) => self.mac(&m.mac, role, span),
            _ => {
                self.leaf(Kind::Type, role, span, "");
            }
        }
    }

    fn type_of<'t>(&mut self, role: Role, span: (usize, usize), text: &str, elems: impl IntoIterator<Item = &'t Type>) {
        self.open(Kind::Type, role, span, text);
        for e in elems {
            self.ty(e, Role::TypeArg);
        }
        self.close();
    }

    /// A path type named by its last segment, with that segment's type arguments.
    fn type_path(&mut self, path: &Path, role: Role, span: (usize, usize)) {
        let Some(last) = path.segments.last() else {
            self.leaf(Kind::Type, role, span, "");
            return;
        };
        self.open(Kind::Type, role, span, &name(&last.ident));
        match &last.arguments {
            PathArguments::AngleBracketed(args) => {
                for arg in &args.args {
                    match arg {
                        GenericArgument::Type(t) => self.ty(t, Role::TypeArg),
                        GenericArgument::AssocType(a) => self.ty(&a.ty, Role::TypeArg),
                        _ => {}
                    }
                }
            }
            PathArguments::Parenthesized(args) => {
                for t in &args.inputs {
                    self.ty(t, Role::TypeArg);
                }
                self.return_type_arg(&args.output);
            }
            PathArguments::None => {}
        }
        self.close();
    }

    fn return_type_arg(&mut self, output: &ReturnType) {
        if let ReturnType::Type(_, ty) = output {
            self.ty(ty, Role::TypeArg);
        }
    }

    /// `dyn A + B` / `impl A`: named by the first trait bound.
    fn bounds_type(&mut self, bounds: &Punctuated<TypeParamBound, syn::Token![+]>, role: Role, span: (usize, usize)) {
        let first = bounds.iter().find_map(|b| match b {
            TypeParamBound::Trait(t) => Some(t),
            _ => None,
        });
        match first {
            Some(tb) => self.type_path(&tb.path, role, span),
            None => {
                self.leaf(Kind::Type, role, span, "");
            }
        }
    }

    // -- macros ----------------------------------------------------------------------------

    fn mac(&mut self, mac: &Macro, role: Role, span: (usize, usize)) {
        let name = last_segment(&mac.path);
        self.open(Kind::Macro, role, span, &name);
        // A `macro_rules!` body is made of patterns and templates, not code.
        if name != "macro_rules" {
            self.macro_tokens(&mac.tokens, &name);
        }
        self.close();
    }

    /// Expression arguments when the tokens are `expr, expr, …`, else read from the tokens.
    fn macro_tokens(&mut self, tokens: &TokenStream, name: &str) {
        // `json!({})` would parse as an empty block; JSON is read from its tokens.
        if name != "json" {
            let parser = Punctuated::<Expr, syn::Token![,]>::parse_terminated;
            if let Ok(args) = parser.parse2(tokens.clone()) {
                self.exprs(&args, Role::Arg);
                return;
            }
        }
        let ctx = if name == "json" { Ctx::Json } else { Ctx::Macro };
        self.token_entries(tokens, Role::Arg, ctx);
    }

    /// Comma-separated values, each lowered with `role`.
    fn token_entries(&mut self, tokens: &TokenStream, role: Role, ctx: Ctx) {
        let toks = without_doc_attrs(tokens.clone());
        for entry in split_commas(&toks) {
            self.token_value(entry, role, ctx);
        }
    }

    /// One value read from tokens: a literal, `-number`, identifier, group, `key = value`,
    /// `name(…)` in attributes, or else an expression or at least its literals.
    fn token_value(&mut self, toks: &[TokenTree], role: Role, ctx: Ctx) {
        match toks {
            [] => {}
            [TokenTree::Literal(l)] => self.token_lit(None, l, role),
            [TokenTree::Punct(minus), TokenTree::Literal(l)] if minus.as_char() == '-' && is_number(l) => {
                self.token_lit(Some(minus), l, role);
            }
            [TokenTree::Ident(i)] => self.token_ident(i, role, ctx),
            [TokenTree::Group(g)] => self.token_group(g, role, ctx),
            [TokenTree::Ident(key), TokenTree::Punct(eq), value @ ..] if is_assign(eq, value) => {
                let span = self.join(key.span(), toks_end(toks));
                let id = self.open(Kind::Pair, role, span, &name(key));
                let name_span = self.range(key.span());
                self.b.set_name_span(id, name_span);
                self.b.set_flag(id, flags::FROM_TOKENS);
                self.token_value(value, Role::Value, ctx);
                self.close();
            }
            [TokenTree::Ident(list), TokenTree::Group(g)]
                if ctx == Ctx::Attr && g.delimiter() == Delimiter::Parenthesis =>
            {
                // `annotations(read_only_hint = true)`: a nested list of pairs.
                let span = self.join(list.span(), g.span());
                let id = self.open(Kind::Object, role, span, &name(list));
                self.b.set_flag(id, flags::FROM_TOKENS);
                self.token_entries(&g.stream(), Role::Member, ctx);
                self.close();
            }
            _ => match dotted_key_len(toks).filter(|_| ctx == Ctx::Attr) {
                Some(len) => self.dotted_pair(toks, len, role, ctx),
                None => {
                    if !self.token_expr(toks, role) {
                        self.token_leaves(toks, role, ctx);
                    }
                }
            },
        }
    }

    /// `app.client_name = request.client_info.name` in an attribute (tracing's `fields(…)`): a
    /// dotted key names a field of the attribute, it does not assign to a place in the code.
    fn dotted_pair(&mut self, toks: &[TokenTree], len: usize, role: Role, ctx: Ctx) {
        let (Some(first), Some(last_key)) = (toks.first(), toks.get(len.saturating_sub(1))) else { return };
        let key: Vec<String> = toks
            .iter()
            .take(len)
            .filter_map(|t| match t {
                TokenTree::Ident(i) => Some(name(i)),
                _ => None,
            })
            .collect();
        let span = self.join(first.span(), toks_end(toks));
        let id = self.open(Kind::Pair, role, span, &key.join("."));
        let name_span = self.join(first.span(), last_key.span());
        self.b.set_name_span(id, name_span);
        self.b.set_flag(id, flags::FROM_TOKENS);
        self.token_value(toks.get(len + 1..).unwrap_or(&[]), Role::Value, ctx);
        self.close();
    }

    fn token_lit(&mut self, minus: Option<&Punct>, l: &Literal, role: Role) {
        let lit = Lit::new(l.clone());
        let span = self.join(minus.map_or(l.span(), Punct::span), l.span());
        let id = self.lit(&lit, role, span, minus.is_some());
        self.b.set_flag(id, flags::FROM_TOKENS);
    }

    fn token_ident(&mut self, i: &Ident, role: Role, ctx: Ctx) {
        let text = name(i);
        let kind = match text.as_str() {
            "true" | "false" => Kind::Bool,
            "null" if ctx == Ctx::Json => Kind::Null,
            _ => Kind::Ident,
        };
        let span = self.ident_range(i);
        let id = self.leaf(kind, role, span, &text);
        self.b.set_flag(id, flags::FROM_TOKENS);
    }

    fn token_group(&mut self, g: &Group, role: Role, ctx: Ctx) {
        let toks = without_doc_attrs(g.stream());
        let span = self.range(g.span());
        self.tok_depth += 1;
        match g.delimiter() {
            Delimiter::Brace if is_object(&toks) => {
                let id = self.open(Kind::Object, role, span, "");
                self.b.set_flag(id, flags::FROM_TOKENS);
                for entry in split_commas(&toks) {
                    self.token_pair(entry, ctx);
                }
                self.close();
            }
            Delimiter::Bracket => {
                let id = self.open(Kind::Array, role, span, "");
                self.b.set_flag(id, flags::FROM_TOKENS);
                for entry in split_commas(&toks) {
                    self.token_value(entry, Role::Elem, ctx);
                }
                self.close();
            }
            // Parentheses around one value are transparent; with commas they make a tuple.
            Delimiter::Parenthesis if split_commas(&toks).filter(|e| !e.is_empty()).count() > 1 => {
                let id = self.open(Kind::Array, role, span, "");
                self.b.set_flag(id, flags::FROM_TOKENS);
                for entry in split_commas(&toks) {
                    self.token_value(entry, Role::Elem, ctx);
                }
                self.close();
            }
            Delimiter::Parenthesis | Delimiter::None => self.token_value(&toks, role, ctx),
            Delimiter::Brace => {
                if !self.token_expr(std::slice::from_ref(&TokenTree::Group(g.clone())), role) {
                    self.token_leaves(&toks, role, ctx);
                }
            }
        }
        self.tok_depth -= 1;
    }

    /// `"key": value` or `key: value` inside an object read from tokens.
    fn token_pair(&mut self, entry: &[TokenTree], ctx: Ctx) {
        let [key, _colon, value @ ..] = entry else {
            return;
        };
        let (text, string_key) = match key {
            TokenTree::Literal(l) => match Lit::new(l.clone()) {
                Lit::Str(s) => (s.value(), true),
                _ => (l.to_string(), false),
            },
            TokenTree::Ident(i) => (name(i), false),
            other => (other.to_string(), false),
        };
        let span = self.join(key.span(), toks_end(entry));
        let id = self.open(Kind::Pair, Role::Member, span, &text);
        let name_span = self.range(key.span());
        self.b.set_name_span(id, name_span);
        self.b.set_flag(id, flags::FROM_TOKENS);
        if string_key {
            self.b.set_flag(id, flags::STRING_KEY);
        }
        self.token_value(value, Role::Value, ctx);
        self.close();
    }

    /// Lowers tokens that parse as one expression; false when they do not (or when nested
    /// too deep to try).
    fn token_expr(&mut self, toks: &[TokenTree], role: Role) -> bool {
        if self.tok_depth > MAX_REPARSE_DEPTH {
            return false;
        }
        match syn::parse2::<Expr>(toks.iter().cloned().collect()) {
            Ok(e) => {
                self.expr(&e, role);
                true
            }
            Err(_) => false,
        }
    }

    /// Tokens that are no expression: an `Other` holding every literal, identifier and group
    /// found, so that no string or number in a macro goes unseen.
    fn token_leaves(&mut self, toks: &[TokenTree], role: Role, ctx: Ctx) {
        let (Some(first), Some(last)) = (toks.first(), toks.last()) else {
            return;
        };
        let span = self.join(first.span(), last.span());
        let id = self.open(Kind::Other, role, span, "");
        self.b.set_flag(id, flags::FROM_TOKENS);
        // Statement-like macros (`tokio::select! { _ = tick() => registry.evict(ttl), … }`,
        // `let x = …;` lines) hold code between `=>`, `=`, `;` and `,`: each piece that parses
        // as an expression is lowered as one, so that its calls are calls.
        let pieces = statement_pieces(toks);
        if pieces.len() > 1 {
            for piece in pieces {
                // A piece that starts with `|` is an alternative of a pattern or a union
                // (`= | PingRequest | InitializeRequest`), which would parse as a closure.
                let alternatives = matches!(piece.first(), Some(TokenTree::Punct(p)) if p.as_char() == '|');
                if piece.len() > 1 && !alternatives && self.token_expr(piece, Role::Elem) {
                    continue;
                }
                self.token_leaf_run(piece, ctx);
            }
        } else {
            self.token_leaf_run(toks, ctx);
        }
        self.close();
    }

    /// Every literal, identifier and group of tokens, as leaves of the node open.
    fn token_leaf_run(&mut self, toks: &[TokenTree], ctx: Ctx) {
        let mut i = 0;
        while let Some(tok) = toks.get(i) {
            match tok {
                TokenTree::Punct(p) => {
                    if let (true, Some(TokenTree::Literal(l))) = (p.as_char() == '-', toks.get(i + 1)) {
                        if is_number(l) {
                            self.token_lit(Some(p), l, Role::Elem);
                            i += 1;
                        }
                    }
                }
                TokenTree::Literal(l) => self.token_lit(None, l, Role::Elem),
                TokenTree::Ident(ident) => self.token_ident(ident, Role::Elem, ctx),
                TokenTree::Group(g) => self.token_group(g, Role::Elem, ctx),
            }
            i += 1;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers on syn values.

/// An identifier's name without the `r#` of raw identifiers: `r#type` is the field `type`.
/// An identifier without `r#`, in one allocation (`Ident::unraw` copies the identifier first).
fn name(ident: &Ident) -> String {
    let text = ident.to_string();
    match text.strip_prefix("r#") {
        Some(raw) => raw.to_string(),
        None => text,
    }
}

/// The outer attributes of an expression that can stand as a statement.
fn expr_attrs(e: &Expr) -> &[Attribute] {
    match e {
        Expr::Assign(x) => &x.attrs,
        Expr::Async(x) => &x.attrs,
        Expr::Await(x) => &x.attrs,
        Expr::Block(x) => &x.attrs,
        Expr::Call(x) => &x.attrs,
        Expr::ForLoop(x) => &x.attrs,
        Expr::If(x) => &x.attrs,
        Expr::Loop(x) => &x.attrs,
        Expr::Macro(x) => &x.attrs,
        Expr::Match(x) => &x.attrs,
        Expr::MethodCall(x) => &x.attrs,
        Expr::Return(x) => &x.attrs,
        Expr::Try(x) => &x.attrs,
        Expr::Unsafe(x) => &x.attrs,
        Expr::While(x) => &x.attrs,
        _ => &[],
    }
}

fn is_doc(a: &Attribute) -> bool {
    a.path().is_ident("doc")
}

fn path_text(path: &Path) -> String {
    let mut out = String::new();
    for (i, s) in path.segments.iter().enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        out.push_str(&name(&s.ident));
    }
    out
}

fn last_segment(path: &Path) -> String {
    path.segments.last().map(|s| name(&s.ident)).unwrap_or_default()
}

/// The name of a type as rules see it: the last path segment, through references.
fn type_name(ty: &Type) -> String {
    match ty {
        Type::Path(p) => last_segment(&p.path),
        Type::Reference(r) => type_name(&r.elem),
        Type::Paren(p) => type_name(&p.elem),
        Type::Group(g) => type_name(&g.elem),
        _ => String::new(),
    }
}

/// The bound name of a pattern that is a plain identifier (`x`, `mut x`, `ref x`).
fn plain_ident(pat: &Pat) -> Option<String> {
    match pat {
        Pat::Ident(i) if i.subpat.is_none() => Some(name(&i.ident)),
        _ => None,
    }
}

fn member_text(m: &Member) -> String {
    match m {
        Member::Named(i) => name(i),
        Member::Unnamed(idx) => idx.index.to_string(),
    }
}

fn member_span(m: &Member) -> Span {
    match m {
        Member::Named(i) => i.span(),
        Member::Unnamed(idx) => idx.span,
    }
}

/// The operator as written, and whether it assigns.
fn bin_op(op: &BinOp) -> (&'static str, bool) {
    match op {
        BinOp::Add(_) => ("+", false),
        BinOp::Sub(_) => ("-", false),
        BinOp::Mul(_) => ("*", false),
        BinOp::Div(_) => ("/", false),
        BinOp::Rem(_) => ("%", false),
        BinOp::And(_) => ("&&", false),
        BinOp::Or(_) => ("||", false),
        BinOp::BitXor(_) => ("^", false),
        BinOp::BitAnd(_) => ("&", false),
        BinOp::BitOr(_) => ("|", false),
        BinOp::Shl(_) => ("<<", false),
        BinOp::Shr(_) => (">>", false),
        BinOp::Eq(_) => ("==", false),
        BinOp::Lt(_) => ("<", false),
        BinOp::Le(_) => ("<=", false),
        BinOp::Ne(_) => ("!=", false),
        BinOp::Ge(_) => (">=", false),
        BinOp::Gt(_) => (">", false),
        BinOp::AddAssign(_) => ("+=", true),
        BinOp::SubAssign(_) => ("-=", true),
        BinOp::MulAssign(_) => ("*=", true),
        BinOp::DivAssign(_) => ("/=", true),
        BinOp::RemAssign(_) => ("%=", true),
        BinOp::BitXorAssign(_) => ("^=", true),
        BinOp::BitAndAssign(_) => ("&=", true),
        BinOp::BitOrAssign(_) => ("|=", true),
        BinOp::ShlAssign(_) => ("<<=", true),
        BinOp::ShrAssign(_) => (">>=", true),
        _ => ("", false),
    }
}

fn vis_or(vis: &Visibility, head: Span) -> Span {
    match vis {
        Visibility::Inherited => head,
        Visibility::Public(p) => p.span,
        Visibility::Restricted(r) => r.pub_token.span,
    }
}

fn sig_start(sig: &Signature) -> Span {
    sig.constness
        .map(|t| t.span)
        .or(sig.asyncness.map(|t| t.span))
        .or(sig.unsafety.map(|t| t.span))
        .or(sig.abi.as_ref().map(|a| a.extern_token.span))
        .unwrap_or(sig.fn_token.span)
}

fn path_start(path: &Path) -> Span {
    match (&path.leading_colon, path.segments.first()) {
        (Some(colon), _) => colon.spans[0],
        (None, Some(seg)) => seg.ident.span(),
        (None, None) => Span::call_site(),
    }
}

fn path_end(path: &Path) -> Span {
    let Some(last) = path.segments.last() else {
        return path_start(path);
    };
    match &last.arguments {
        PathArguments::None => last.ident.span(),
        PathArguments::AngleBracketed(a) => a.gt_token.span,
        PathArguments::Parenthesized(p) => match &p.output {
            ReturnType::Type(_, ty) => type_end(ty).unwrap_or_else(|| ty.span()),
            ReturnType::Default => p.paren_token.span.close(),
        },
    }
}

/// The closing delimiter of struct or variant fields; `unit` for unit structs and variants.
fn fields_end(fields: &Fields, unit: Span) -> Span {
    match fields {
        Fields::Named(n) => n.brace_token.span.close(),
        Fields::Unnamed(u) => u.paren_token.span.close(),
        Fields::Unit => unit,
    }
}

fn macro_end(mac: &Macro) -> Span {
    match &mac.delimiter {
        MacroDelimiter::Paren(p) => p.span.close(),
        MacroDelimiter::Brace(b) => b.span.close(),
        MacroDelimiter::Bracket(b) => b.span.close(),
    }
}

// The first and last tokens of common types and patterns, found without printing them
// (`Spanned` prints the whole node to tokens); `None` where only printing tells.

fn type_start(t: &Type) -> Option<Span> {
    Some(match t {
        Type::Path(p) => p.qself.as_ref().map_or_else(|| path_start(&p.path), |q| q.lt_token.span),
        Type::Reference(r) => r.and_token.span,
        Type::Paren(p) => p.paren_token.span.open(),
        Type::Group(g) => return type_start(&g.elem),
        Type::Ptr(p) => p.star_token.span,
        Type::Slice(s) => s.bracket_token.span.open(),
        Type::Array(a) => a.bracket_token.span.open(),
        Type::Tuple(t) => t.paren_token.span.open(),
        Type::ImplTrait(i) => i.impl_token.span,
        Type::Never(n) => n.bang_token.spans[0],
        Type::Infer(i) => i.underscore_token.span,
        Type::Macro(m) => path_start(&m.mac.path),
        _ => return None,
    })
}

fn type_end(t: &Type) -> Option<Span> {
    Some(match t {
        Type::Path(p) => path_end(&p.path),
        Type::Reference(r) => return type_end(&r.elem),
        Type::Paren(p) => p.paren_token.span.close(),
        Type::Group(g) => return type_end(&g.elem),
        Type::Ptr(p) => return type_end(&p.elem),
        Type::Slice(s) => s.bracket_token.span.close(),
        Type::Array(a) => a.bracket_token.span.close(),
        Type::Tuple(t) => t.paren_token.span.close(),
        Type::Never(n) => n.bang_token.spans[0],
        Type::Infer(i) => i.underscore_token.span,
        Type::Macro(m) => macro_end(&m.mac),
        _ => return None,
    })
}

fn pat_start(p: &Pat) -> Option<Span> {
    Some(match p {
        Pat::Ident(i) => i.by_ref.map(|t| t.span).or(i.mutability.map(|t| t.span)).unwrap_or_else(|| i.ident.span()),
        Pat::Wild(w) => w.underscore_token.span,
        Pat::Path(pp) => pp.qself.as_ref().map_or_else(|| path_start(&pp.path), |q| q.lt_token.span),
        Pat::TupleStruct(ts) => ts.qself.as_ref().map_or_else(|| path_start(&ts.path), |q| q.lt_token.span),
        Pat::Struct(ps) => ps.qself.as_ref().map_or_else(|| path_start(&ps.path), |q| q.lt_token.span),
        Pat::Tuple(t) => t.paren_token.span.open(),
        Pat::Slice(s) => s.bracket_token.span.open(),
        Pat::Paren(pp) => pp.paren_token.span.open(),
        Pat::Reference(r) => r.and_token.span,
        Pat::Type(t) => return pat_start(&t.pat),
        Pat::Rest(r) => r.dot2_token.spans[0],
        Pat::Lit(l) => l.lit.span(),
        Pat::Macro(m) => path_start(&m.mac.path),
        _ => return None,
    })
}

fn pat_end(p: &Pat) -> Option<Span> {
    Some(match p {
        Pat::Ident(i) => match &i.subpat {
            Some((_, sub)) => return pat_end(sub),
            None => i.ident.span(),
        },
        Pat::Wild(w) => w.underscore_token.span,
        Pat::Path(pp) => path_end(&pp.path),
        Pat::TupleStruct(ts) => ts.paren_token.span.close(),
        Pat::Struct(ps) => ps.brace_token.span.close(),
        Pat::Tuple(t) => t.paren_token.span.close(),
        Pat::Slice(s) => s.bracket_token.span.close(),
        Pat::Paren(pp) => pp.paren_token.span.close(),
        Pat::Reference(r) => return pat_end(&r.pat),
        Pat::Type(t) => return type_end(&t.ty),
        Pat::Rest(r) => r.dot2_token.spans[1],
        Pat::Lit(l) => l.lit.span(),
        Pat::Macro(m) => macro_end(&m.mac),
        _ => return None,
    })
}

/// How many bytes `value` prints as, without building the string.
fn display_len(value: &impl std::fmt::Display) -> usize {
    struct Count(usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    let mut count = Count(0);
    // Counting cannot fail; a Display impl that errs leaves the count where it stopped.
    let _ = std::fmt::write(&mut count, format_args!("{value}"));
    count.0
}

fn label_or(label: &Option<Label>, keyword: Span) -> Span {
    label.as_ref().map_or(keyword, |l| l.name.apostrophe)
}

/// The first token of an expression, found by walking down its left edge (no printing).
fn expr_start(mut e: &Expr) -> Span {
    loop {
        e = match e {
            Expr::Assign(x) => &x.left,
            Expr::Await(x) => &x.base,
            Expr::Binary(x) => &x.left,
            Expr::Call(x) => &x.func,
            Expr::Cast(x) => &x.expr,
            Expr::Field(x) => &x.base,
            Expr::Index(x) => &x.expr,
            Expr::MethodCall(x) => &x.receiver,
            Expr::Try(x) => &x.expr,
            Expr::Range(ExprRange { start: Some(x), .. }) => x,
            _ => return head_span(e),
        };
    }
}

/// The first token of an expression that does not start with a subexpression.
fn head_span(e: &Expr) -> Span {
    match e {
        Expr::Array(x) => x.bracket_token.span.open(),
        Expr::Async(x) => x.async_token.span,
        Expr::Block(x) => label_or(&x.label, x.block.brace_token.span.open()),
        Expr::Break(x) => x.break_token.span,
        Expr::Closure(x) => closure_start(x),
        Expr::Const(x) => x.const_token.span,
        Expr::Continue(x) => x.continue_token.span,
        Expr::ForLoop(x) => label_or(&x.label, x.for_token.span),
        Expr::Group(x) => expr_start(&x.expr),
        Expr::If(x) => x.if_token.span,
        Expr::Infer(x) => x.underscore_token.span,
        Expr::Let(x) => x.let_token.span,
        Expr::Lit(x) => x.lit.span(),
        Expr::Loop(x) => label_or(&x.label, x.loop_token.span),
        Expr::Macro(x) => path_start(&x.mac.path),
        Expr::Match(x) => x.match_token.span,
        Expr::Paren(x) => x.paren_token.span.open(),
        Expr::Path(x) => x.qself.as_ref().map_or_else(|| path_start(&x.path), |q| q.lt_token.span),
        Expr::Range(x) => x.limits.span(),
        Expr::RawAddr(x) => x.and_token.span,
        Expr::Reference(x) => x.and_token.span,
        Expr::Repeat(x) => x.bracket_token.span.open(),
        Expr::Return(x) => x.return_token.span,
        Expr::Struct(x) => x.qself.as_ref().map_or_else(|| path_start(&x.path), |q| q.lt_token.span),
        Expr::TryBlock(x) => x.try_token.span,
        Expr::Tuple(x) => x.paren_token.span.open(),
        Expr::Unary(x) => x.op.span(),
        Expr::Unsafe(x) => x.unsafe_token.span,
        Expr::While(x) => label_or(&x.label, x.while_token.span),
        Expr::Yield(x) => x.yield_token.span,
        _ => e.span(),
    }
}

fn closure_start(c: &ExprClosure) -> Span {
    c.lifetimes
        .as_ref()
        .map(|l| l.for_token.span)
        .or(c.constness.map(|t| t.span))
        .or(c.movability.map(|t| t.span))
        .or(c.asyncness.map(|t| t.span))
        .or(c.capture.map(|t| t.span))
        .unwrap_or(c.or1_token.span)
}

/// The last token of an expression, found by walking down its right edge.
fn expr_end(mut e: &Expr) -> Span {
    loop {
        e = match e {
            Expr::Assign(x) => &x.right,
            Expr::Binary(x) => &x.right,
            Expr::Closure(x) => &x.body,
            Expr::Group(x) => &x.expr,
            Expr::Let(x) => &x.expr,
            Expr::RawAddr(x) => &x.expr,
            Expr::Reference(x) => &x.expr,
            Expr::Unary(x) => &x.expr,
            Expr::Range(ExprRange { end: Some(x), .. }) => x,
            Expr::Break(ExprBreak { expr: Some(x), .. }) => x,
            Expr::Return(ExprReturn { expr: Some(x), .. }) => x,
            Expr::Yield(ExprYield { expr: Some(x), .. }) => x,
            Expr::If(ExprIf { else_branch: Some((_, x)), .. }) => x,
            _ => return tail_span(e),
        };
    }
}

/// The last token of an expression that does not end with a subexpression.
fn tail_span(e: &Expr) -> Span {
    match e {
        Expr::Array(x) => x.bracket_token.span.close(),
        Expr::Async(x) => x.block.brace_token.span.close(),
        Expr::Await(x) => x.await_token.span,
        Expr::Block(x) => x.block.brace_token.span.close(),
        Expr::Break(x) => x.label.as_ref().map_or(x.break_token.span, |l| l.ident.span()),
        Expr::Call(x) => x.paren_token.span.close(),
        Expr::Cast(x) => x.ty.span(),
        Expr::Const(x) => x.block.brace_token.span.close(),
        Expr::Continue(x) => x.label.as_ref().map_or(x.continue_token.span, |l| l.ident.span()),
        Expr::Field(x) => member_span(&x.member),
        Expr::ForLoop(x) => x.body.brace_token.span.close(),
        Expr::If(x) => x.then_branch.brace_token.span.close(),
        Expr::Index(x) => x.bracket_token.span.close(),
        Expr::Infer(x) => x.underscore_token.span,
        Expr::Lit(x) => x.lit.span(),
        Expr::Loop(x) => x.body.brace_token.span.close(),
        Expr::Macro(x) => macro_end(&x.mac),
        Expr::Match(x) => x.brace_token.span.close(),
        Expr::MethodCall(x) => x.paren_token.span.close(),
        Expr::Paren(x) => x.paren_token.span.close(),
        Expr::Path(x) => path_end(&x.path),
        Expr::Range(x) => x.limits.span(),
        Expr::Repeat(x) => x.bracket_token.span.close(),
        Expr::Return(x) => x.return_token.span,
        Expr::Struct(x) => x.brace_token.span.close(),
        Expr::Try(x) => x.question_token.span,
        Expr::TryBlock(x) => x.block.brace_token.span.close(),
        Expr::Tuple(x) => x.paren_token.span.close(),
        Expr::Unsafe(x) => x.block.brace_token.span.close(),
        Expr::While(x) => x.body.brace_token.span.close(),
        Expr::Yield(x) => x.yield_token.span,
        _ => e.span(),
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers on tokens.

/// The tokens without doc comments, which reach macros as `#[doc = "…"]` (or `#![doc …]`).
fn without_doc_attrs(tokens: TokenStream) -> Vec<TokenTree> {
    let mut out: Vec<TokenTree> = Vec::new();
    for tok in tokens {
        if let TokenTree::Group(g) = &tok {
            let is_doc = g.delimiter() == Delimiter::Bracket
                && matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc");
            if is_doc {
                if matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '!') {
                    out.pop();
                }
                if matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '#') {
                    out.pop();
                    continue;
                }
            }
        }
        out.push(tok);
    }
    out
}

/// Tokens cut at the separators of statements and match-like arms: `;`, `,`, `=>` and a lone
/// `=` (not one of `==`, `<=`, `+=` …). Empty pieces are left out.
fn statement_pieces(toks: &[TokenTree]) -> Vec<&[TokenTree]> {
    let mut pieces = Vec::new();
    let (mut start, mut i) = (0, 0);
    while let Some(tok) = toks.get(i) {
        let width = match tok {
            TokenTree::Punct(p) if matches!(p.as_char(), ';' | ',') => 1,
            TokenTree::Punct(p) if p.as_char() == '=' => {
                let after_joint =
                    i > 0 && matches!(toks.get(i - 1), Some(TokenTree::Punct(q)) if q.spacing() == Spacing::Joint);
                match toks.get(i + 1) {
                    Some(TokenTree::Punct(gt)) if p.spacing() == Spacing::Joint && gt.as_char() == '>' => 2,
                    _ if p.spacing() == Spacing::Alone && !after_joint => 1,
                    _ => 0,
                }
            }
            _ => 0,
        };
        if width == 0 {
            i += 1;
            continue;
        }
        if let Some(piece) = toks.get(start..i).filter(|p| !p.is_empty()) {
            pieces.push(piece);
        }
        i += width;
        start = i;
    }
    if let Some(piece) = toks.get(start..).filter(|p| !p.is_empty()) {
        pieces.push(piece);
    }
    pieces
}

fn split_commas(toks: &[TokenTree]) -> impl Iterator<Item = &[TokenTree]> {
    toks.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
}

fn toks_end(toks: &[TokenTree]) -> Span {
    toks.last().map_or_else(Span::call_site, TokenTree::span)
}

fn is_number(l: &Literal) -> bool {
    l.to_string().starts_with(|c: char| c.is_ascii_digit())
}

/// The number of tokens of a dotted key (`a.b.c`, at least one dot) followed by a lone `=` and
/// a value.
fn dotted_key_len(toks: &[TokenTree]) -> Option<usize> {
    let mut len = 1;
    while let (Some(TokenTree::Punct(dot)), Some(TokenTree::Ident(_))) = (toks.get(len), toks.get(len + 1)) {
        if dot.as_char() != '.' {
            break;
        }
        len += 2;
    }
    match toks.get(len) {
        Some(TokenTree::Punct(eq)) if len > 1 && is_assign(eq, toks.get(len + 1..).unwrap_or(&[])) => Some(len),
        _ => None,
    }
}

/// A lone `=` (not `==` or `=>`) followed by a value.
fn is_assign(eq: &Punct, value: &[TokenTree]) -> bool {
    let joined = eq.spacing() == Spacing::Joint
        && matches!(value.first(), Some(TokenTree::Punct(p)) if matches!(p.as_char(), '=' | '>'));
    eq.as_char() == '=' && !joined && !value.is_empty()
}

/// Whether a brace group's tokens are `key: value, …` with string or identifier keys.
fn is_object(toks: &[TokenTree]) -> bool {
    let mut entries = split_commas(toks).peekable();
    while let Some(entry) = entries.next() {
        let last = entries.peek().is_none();
        let ok = match entry {
            [] => last,
            [key, TokenTree::Punct(colon), value, ..] => {
                // `a::b` is a path, not a key; spacing alone cannot tell (`"a":-1` is joint).
                colon.as_char() == ':'
                    && !matches!(value, TokenTree::Punct(p) if p.as_char() == ':')
                    && match key {
                        TokenTree::Ident(_) => true,
                        TokenTree::Literal(l) => matches!(Lit::new(l.clone()), Lit::Str(_)),
                        _ => false,
                    }
            }
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    true
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::lang::testing::rs as parse;
    use crate::tree::NodeRef;

    /// The bodies the scan finds, by name.
    fn bodies(text: &str) -> Vec<(&str, &str)> {
        let mut found: Vec<(&str, &str)> =
            scan(text).unwrap().bodies.iter().map(|b| (b.name, &text[b.start..b.end])).collect();
        found.sort_unstable();
        found
    }

    #[test]
    fn the_scan_finds_named_function_bodies() {
        let text = r#"
            trait T { fn declared(&self) -> u8; fn defaulted(&self) -> u8 { 1 } }
            impl S {
                pub async fn method<'a>(&'a self, f: fn(u8) -> u8) -> Result<Vec<u8>, E> where E: Fn() { f(2); }
            }
            fn outer() { let c = |x: u8| { x }; fn inner() { "}" } }
            const P: fn() = || {};
            macro_rules! m { ($n:ident) => { fn $n() {} } }
        "#;
        assert_eq!(
            bodies(text),
            [
                ("defaulted", "{ 1 }"),
                ("inner", r#"{ "}" }"#),
                ("method", "{ f(2); }"),
                ("outer", r#"{ let c = |x: u8| { x }; fn inner() { "}" } }"#),
            ]
        );
    }

    #[test]
    fn bodies_without_hits_and_not_named_from_read_code_are_unread() {
        let text = "
            fn hot() { h.get(\"mcp-session-id\"); helper(); }
            fn helper() { deeper() }
            fn deeper() { 405 }
            fn cold() { other() }
            fn other() { 1 }
            fn unused() { 2 }
        ";
        let hits = Hits::at(vec![text.find("mcp-session-id").unwrap()]);
        // `cold` names `other`, but nothing read names `cold`.
        assert_eq!(unread_names(text, &hits), ["cold", "other", "unused"]);
    }

    /// A body that names a constant of the file whose definition holds a token is read, as it
    /// would be with the value in its place; one that names a constant holding none is not.
    #[test]
    fn bodies_naming_a_constant_that_holds_a_token_are_read() {
        let text = "
            impl Code { pub const MISMATCH: Self = Self(-32020); pub const PARSE: Self = Self(-32700); }
            static mut HEADER: &str = \"mcp-session-id\";
            const fn helper() -> u8 { 1 }
            fn mismatch() { Code::new(Code::MISMATCH) }
            fn parse() { Code::new(Code::PARSE) }
            fn header() { read(HEADER) }
            fn other() { helper() }
        ";
        let hits = Hits::at(vec![text.find("32020").unwrap(), text.find("mcp-session-id").unwrap()]);
        assert_eq!(unread_names(text, &hits), ["helper", "parse", "other"]);
    }

    #[test]
    fn a_hit_in_a_signature_reads_the_body_and_the_tree_says_so() {
        let text = "fn sweep(registry: Arc<SessionRegistry>) { registry.evict_stale(ttl); }\nfn cold() { other(); }\n";
        let at = text.find("SessionRegistry").unwrap();
        assert_eq!(unread_names(text, &Hits::at(Vec::new()).with([at].into_iter())), ["cold"]);
        // A token in a signature is no reason to read the body.
        assert_eq!(unread_names(text, &Hits::at(vec![at])), ["sweep", "cold"]);
        // An unread function counts as unread from its name on.
        let t = lower_on_stack(&SourceFile::new(text.to_string()), 1 << 20, Some(&Hits::at(Vec::new()))).unwrap();
        assert!(t.unread_at(text.find("SessionRegistry").unwrap()));
        assert!(!t.unread_at(text.find("fn sweep").unwrap()));
    }

    /// The names of the functions whose bodies are left unread, in the order of the text.
    fn unread_names<'t>(text: &'t str, hits: &Hits) -> Vec<&'t str> {
        let scan = scan(text).unwrap();
        unread_bodies(text, &scan, hits)
            .into_iter()
            .map(|u| scan.bodies.iter().find(|b| (b.sig, b.start, b.end) == (u.sig, u.start, u.end)).unwrap().name)
            .collect()
    }

    /// A body left unread lowers as an empty block, and what follows it keeps its offsets,
    /// even after characters of several bytes on the same line.
    #[test]
    fn unread_bodies_keep_the_offsets_of_what_follows() {
        let text = "fn cold() { let s = \"日本\"; }  fn hot() { h.get(\"mcp-session-id\") }\n";
        let hits = Hits::at(vec![text.find("mcp-session-id").unwrap()]);
        let t = lower_on_stack(&SourceFile::new(text.to_string()), SMALL_STACK, Some(&hits)).unwrap();
        assert_eq!(t.unread.len(), 1);
        assert!(t.unread_at(text.find("日本").unwrap()) && !t.unread_at(text.find("mcp-session-id").unwrap()));
        assert!(t.nodes().all(|n| n.str_value() != Some("日本")));
        let s = find(&t, Kind::Str, "mcp-session-id");
        assert_eq!(slice(text, s), "\"mcp-session-id\"");
        let cold = find(&t, Kind::Fn, "cold").child(Role::Body).unwrap();
        assert_eq!(slice(text, cold), "{ let s = \"日本\"; }");
        assert_eq!(cold.children().count(), 0);
    }

    /// A file that does not parse with its bodies unread is parsed whole, so that its error
    /// is placed in the text as written, not in the blanked one.
    #[test]
    fn what_does_not_parse_unread_is_parsed_whole() {
        let text = "fn cold() { \"日本\" } fn hot() { let y = ; }\n";
        let hits = Hits::at(vec![text.find("y =").unwrap()]);
        let err = lower_on_stack(&SourceFile::new(text.to_string()), SMALL_STACK, Some(&hits)).unwrap_err();
        assert_eq!(err.offset, Some(text.find("; }").unwrap()));
    }

    /// The edges found without printing agree with `Spanned`, which prints the node.
    #[test]
    fn type_and_pattern_edges_match_printed_spans() {
        use syn::visit::Visit;
        struct Edges(usize);
        impl Edges {
            /// Each edge found without printing must be the printed node's edge.
            fn check(&mut self, printed: Span, start: Option<Span>, end: Option<Span>) {
                let at = printed.start();
                if let Some(start) = start {
                    assert_eq!(start.start(), at, "start of the node at {}:{}", at.line, at.column);
                    self.0 += 1;
                }
                if let Some(end) = end {
                    assert_eq!(end.end(), printed.end(), "end of the node at {}:{}", at.line, at.column);
                    self.0 += 1;
                }
            }
        }
        impl<'ast> Visit<'ast> for Edges {
            fn visit_type(&mut self, t: &'ast Type) {
                self.check(t.span(), type_start(t), type_end(t));
                syn::visit::visit_type(self, t);
            }
            fn visit_ident(&mut self, i: &'ast Ident) {
                // `ident_range` takes the end as the start plus the printed length.
                let (start, end) = (i.span().start(), i.span().end());
                assert_eq!(start.line, end.line);
                assert_eq!(start.column + i.to_string().chars().count(), end.column, "{i}");
                self.0 += 1;
            }
            fn visit_pat(&mut self, p: &'ast Pat) {
                self.check(p.span(), pat_start(p), pat_end(p));
                syn::visit::visit_pat(self, p);
            }
        }
        let text = r#"
            struct S<'a, T> { a: &'a mut [u8; 4], b: Option<Vec<(i32, String)>>, c: *const T, d: fn(u8) -> u8,
                e: Box<dyn Fn(u8) -> Result<(), !>>, f: <T as Tr>::Out, g: (), h: impl Sized, i: ty!(x), j: ::std::rc::Rc<T> }
            fn f(S { a, b: ref mut bb, .. }: S, (x, _): (u8, u8), [first, rest @ ..]: [u8; 3], &y: &u8, z @ 1..=5: u8) {
                match v {
                    Some(Point { x, .. }) | None => {}
                    E::Unit | <T as Tr>::C => {}
                    [a, b, ..] => {}
                    (1, "s", -2) => {}
                    m!(p) => {}
                    (ref r, mut m) => {}
                }
                let closure = |(a, b): (u8, u8), c: &str| a;
                let r#type = naïve + r#match;
            }
        "#;
        let file = match syn::parse_file(text) {
            Ok(f) => f,
            Err(e) => panic!("{e}"),
        };
        let mut edges = Edges(0);
        edges.visit_file(&file);
        assert!(edges.0 > 60, "only {} edges checked", edges.0);
    }

    /// One line per node: indentation, kind, role, text, flags that matter here.
    fn dump(tree: &Tree) -> String {
        let mut out = String::new();
        for n in tree.nodes() {
            let depth = n.ancestors().count();
            let int = n.int().map(|v| format!(" ={v}")).unwrap_or_default();
            out.push_str(&format!("{}{:?} {:?} {:?}{int}\n", "  ".repeat(depth), n.kind(), n.role(), n.text()));
        }
        out
    }

    fn find<'t>(tree: &'t Tree, kind: Kind, text: &str) -> NodeRef<'t> {
        tree.nodes()
            .find(|n| n.kind() == kind && n.text() == text)
            .unwrap_or_else(|| panic!("no {kind:?} {text:?} in\n{}", dump(tree)))
    }

    fn slice<'a>(text: &'a str, n: NodeRef<'_>) -> &'a str {
        &text[n.start()..n.end()]
    }

    #[test]
    fn positions_after_a_bom_are_offsets_into_the_original_text() {
        let text = "\u{feff}fn main() {\n    let x = \"hi\";\n}\n";
        let t = parse(text);
        let s = find(&t, Kind::Str, "hi");
        assert_eq!(slice(text, s), "\"hi\"");
        let f = find(&t, Kind::Fn, "main");
        assert_eq!(f.start(), 3);
        assert_eq!(slice(text, f), "fn main() {\n    let x = \"hi\";\n}");
        assert_eq!(slice(text, find(&t, Kind::Var, "x")), "let x = \"hi\";");
    }

    #[test]
    fn shebang_lines_shift_offsets_too() {
        let text = "#!/usr/bin/env run-cargo-script\nfn main() { go(\"x\"); }\n";
        let t = parse(text);
        assert_eq!(slice(text, find(&t, Kind::Str, "x")), "\"x\"");
    }

    #[test]
    fn crlf_text_keeps_byte_offsets_and_comment_text() {
        let text = "fn a() {\r\n    foo(\"x\"); // trailing\r\n}\r\n/* block\r\n */\r\n";
        let t = parse(text);
        assert_eq!(slice(text, find(&t, Kind::Str, "x")), "\"x\"");
        let texts: Vec<&str> = t.comments.iter().map(|c| &text[c.start as usize..c.end as usize]).collect();
        assert_eq!(texts, ["// trailing", "/* block\r\n */"]);
        let c = &t.comments[0];
        assert_eq!(&text[c.start as usize..c.end as usize], "// trailing");
    }

    #[test]
    fn select_arms_are_code_and_union_alternatives_are_names() {
        let text = "async fn f() { tokio::select! { biased; _ = t.tick() => reg.evict_stale(ttl), x = rx.recv() => { go(x) } } }\n\
                    ts_union!(export type R = | PingRequest | ToolRequest);\n";
        let t = parse(text);
        let call = |name: &str| t.nodes().find(|n| n.kind() == Kind::Call && n.call_name() == Some(name));
        assert_eq!(call("evict_stale").map(|c| slice(text, c)), Some("reg.evict_stale(ttl)"));
        assert_eq!(call("tick").map(|c| slice(text, c)), Some("t.tick()"));
        // No closure with `PingRequest` as its parameter: the alternatives stay plain names.
        assert!(t.nodes().all(|n| n.kind() != Kind::Param));
        assert_eq!(find(&t, Kind::Ident, "PingRequest").kind(), Kind::Ident);
    }

    #[test]
    fn json_macro_becomes_an_object_of_pairs() {
        let text = r#"fn f() { let v = json!({"jsonrpc": "2.0", "method": "ping", "id": 1, "params": null}); }"#;
        let t = parse(text);
        let mac = find(&t, Kind::Macro, "json");
        let obj = mac.arg(0).unwrap();
        assert_eq!(obj.kind(), Kind::Object);
        assert!(obj.has_flag(flags::FROM_TOKENS));
        assert_eq!(obj.keys().collect::<Vec<_>>(), ["jsonrpc", "method", "id", "params"]);
        let method = obj.children().find(|c| c.text() == "method").unwrap();
        assert!(method.has_flag(flags::STRING_KEY));
        assert_eq!(method.value().unwrap().str_value(), Some("ping"));
        assert_eq!(slice(text, method.value().unwrap()), "\"ping\"");
        assert_eq!(obj.field("id").unwrap().int(), Some(1));
        assert_eq!(obj.field("params").unwrap().kind(), Kind::Null);
    }

    #[test]
    fn json_macro_nested_objects_fold_negative_codes() {
        let text =
            r#"fn f(id: u64) { json!({"error": {"code": -32002, "message": format!("no {}", id)}, "id": id}); }"#;
        let t = parse(text);
        let obj = find(&t, Kind::Macro, "json").arg(0).unwrap();
        let err = obj.field("error").unwrap();
        assert_eq!(err.kind(), Kind::Object);
        let code = err.field("code").unwrap();
        assert_eq!((code.kind(), code.int()), (Kind::Num, Some(-32002)));
        assert_eq!(slice(text, code), "-32002");
        let message = err.field("message").unwrap();
        assert_eq!(message.kind(), Kind::Macro);
        assert_eq!(message.arg(0).unwrap().str_value(), Some("no {}"));
        assert!(obj.field("id").unwrap().is_ident("id"));
    }

    #[test]
    fn negative_integers_are_folded_whatever_their_radix() {
        let text =
            "const A: i64 = -32_002;\nconst B: i32 = -0x7D02;\nfn f(x: i64) { match x { -32002 => {} _ => {} } }";
        let t = parse(text);
        for (name, written) in [("A", "-32_002"), ("B", "-0x7D02")] {
            let init = find(&t, Kind::Var, name).value().unwrap();
            assert_eq!((init.kind(), init.int()), (Kind::Num, Some(-32002)), "{name}");
            assert_eq!(slice(text, init), written);
        }
        let case = t.nodes().find(|n| n.kind() == Kind::Case).unwrap();
        assert_eq!(case.child(Role::Pattern).unwrap().int(), Some(-32002));
        let big = parse("const C: u128 = 0xFFFF_FFFF_FFFF_FFFF_FFFF;");
        let num = find(&big, Kind::Var, "C").value().unwrap();
        assert_eq!((num.kind(), num.int()), (Kind::Num, None));
    }

    #[test]
    fn impl_blocks_name_the_trait_and_hold_methods() {
        let text = "#[tool_handler]\nimpl ServerHandler for S {\n    async fn ping(&self, ctx: RequestContext<RoleServer>) -> Result<(), McpError> { Ok(()) }\n}";
        let t = parse(text);
        let imp = find(&t, Kind::Container, "S");
        assert!(imp.has_flag(flags::IMPL));
        assert_eq!(imp.child(Role::Attr).unwrap().text(), "tool_handler");
        let tr = imp.child(Role::Implements).unwrap();
        assert_eq!((tr.kind(), tr.text()), (Kind::Type, "ServerHandler"));
        let ping = imp.children_with(Role::Stmt).next().unwrap();
        assert_eq!((ping.kind(), ping.text()), (Kind::Fn, "ping"));
        assert!(ping.has_flag(flags::ASYNC));
        let params: Vec<_> = ping.children_with(Role::Param).map(|p| p.text()).collect();
        assert_eq!(params, ["self", "ctx"]);
        let ctx_ty = ping.children_with(Role::Param).nth(1).unwrap().child(Role::Type).unwrap();
        assert_eq!(ctx_ty.text(), "RequestContext");
        assert_eq!(ctx_ty.type_args().next().unwrap().text(), "RoleServer");
        let ret = ping.child(Role::Type).unwrap();
        assert_eq!(ret.text(), "Result");
        assert_eq!(ret.type_args().map(|a| a.text()).collect::<Vec<_>>(), ["", "McpError"]);
        assert_eq!(ping.child(Role::Body).unwrap().kind(), Kind::Block);
        assert!(slice(text, imp).starts_with("#[tool_handler]\nimpl"));
    }

    #[test]
    fn tool_attributes_give_pairs_and_nested_lists() {
        let text = r#"
            /// Sends x.
            #[tool(description = "Send x", annotations(idempotent_hint = true, title = "T"))]
            async fn send(&self) {}
            #[derive(Serialize)]
            struct P { #[serde(rename = "x")] a: u8 }
        "#;
        let t = parse(text);
        let tool = find(&t, Kind::Attribute, "tool");
        assert_eq!(tool.role(), Role::Attr);
        assert_eq!(tool.parent().unwrap().text(), "send");
        let desc = tool.args().find(|a| a.text() == "description").unwrap();
        assert_eq!(desc.kind(), Kind::Pair);
        assert_eq!(desc.value().unwrap().str_value(), Some("Send x"));
        let ann = tool.args().find(|a| a.text() == "annotations").unwrap();
        assert_eq!(ann.kind(), Kind::Object);
        let hint = ann.field("idempotent_hint").unwrap();
        assert_eq!((hint.kind(), hint.text()), (Kind::Bool, "true"));
        assert_eq!(ann.field("title").unwrap().str_value(), Some("T"));
        let serde = find(&t, Kind::Attribute, "serde");
        assert_eq!(serde.parent().unwrap().kind(), Kind::Field);
        assert_eq!(serde.arg(0).unwrap().field_or_value(), Some("x"));
        assert!(find(&t, Kind::Attribute, "derive").arg(0).unwrap().is_ident("Serialize"));
        // The function's span starts at its first real attribute, not at its doc comment.
        assert!(slice(text, find(&t, Kind::Fn, "send")).starts_with("#[tool("));
    }

    trait PairValue {
        fn field_or_value(&self) -> Option<&str>;
    }

    impl PairValue for NodeRef<'_> {
        fn field_or_value(&self) -> Option<&str> {
            self.value().and_then(|v| v.str_value())
        }
    }

    #[test]
    fn method_calls_have_a_member_callee() {
        let text = r#"fn f(headers: &HeaderMap) { let id = headers.get("mcp-session-id")?; }"#;
        let t = parse(text);
        let call = t.nodes().find(|n| n.kind() == Kind::Call).unwrap();
        assert_eq!(call.call_name(), Some("get"));
        assert!(call.receiver().unwrap().is_ident("headers"));
        assert_eq!(call.arg(0).unwrap().str_value(), Some("mcp-session-id"));
        assert_eq!(slice(text, call), r#"headers.get("mcp-session-id")"#);
        assert_eq!(slice(text, call.callee().unwrap()), "headers.get");
        let q = call.parent().unwrap();
        assert_eq!((q.kind(), q.text(), q.role()), (Kind::Unary, "?", Role::Init));
    }

    #[test]
    fn match_arms_have_one_pattern_per_alternative() {
        let text =
            r#"fn f(req: Req) { match req.method.as_str() { "ping" => pong(), "a" | "b" if ok => {}, _ => {} } }"#;
        let t = parse(text);
        let sw = t.nodes().find(|n| n.kind() == Kind::Switch).unwrap();
        let scrutinee = sw.child(Role::Scrutinee).unwrap();
        assert_eq!(scrutinee.callee().and_then(|c| c.path()).as_deref(), Some("req.method.as_str"));
        let cases: Vec<_> = sw.children_with(Role::Case).collect();
        assert_eq!(cases.len(), 3);
        let pats = |c: NodeRef<'_>| c.children_with(Role::Pattern).map(|p| p.text().to_string()).collect::<Vec<_>>();
        assert_eq!(pats(cases[0]), ["ping"]);
        assert_eq!(cases[0].child(Role::Body).unwrap().call_name(), Some("pong"));
        assert_eq!(pats(cases[1]), ["a", "b"]);
        assert!(cases[1].child(Role::Guard).unwrap().is_ident("ok"));
        assert_eq!(pats(cases[2]), ["_"]);
        assert_eq!(slice(text, cases[0]), r#""ping" => pong()"#);
    }

    #[test]
    fn struct_literals_are_objects_with_spread() {
        let text = "fn f() { let c = StreamableHttpServerConfig { stateful_mode: true, keep, ..Default::default() }; }";
        let t = parse(text);
        let obj = find(&t, Kind::Object, "StreamableHttpServerConfig");
        assert_eq!(obj.field("stateful_mode").unwrap().text(), "true");
        let keep = obj.children().find(|c| c.text() == "keep").unwrap();
        assert!(keep.has_flag(flags::SHORTHAND));
        assert!(keep.value().unwrap().is_ident("keep"));
        let spread = obj.children().find(|c| c.kind() == Kind::Spread).unwrap();
        let base = spread.child(Role::Operand).unwrap();
        assert_eq!(base.callee().and_then(|c| c.path()).as_deref(), Some("Default::default"));
        assert_eq!(slice(text, spread), "..Default::default()");
    }

    #[test]
    fn paths_are_static_members() {
        let t = parse("fn f() -> E { E::new(ErrorCode::RESOURCE_NOT_FOUND, <T as Tr>::X) }");
        let m = find(&t, Kind::Member, "RESOURCE_NOT_FOUND");
        assert!(m.has_flag(flags::STATIC_PATH));
        assert!(m.object().unwrap().is_ident("ErrorCode"));
        assert_eq!(m.role(), Role::Arg);
        assert_eq!(find(&t, Kind::Member, "new").role(), Role::Callee);
        assert!(find(&t, Kind::Member, "X").object().unwrap().is_ident("T"));
    }

    #[test]
    fn control_flow_and_operators() {
        let text = r#"
            fn f(x: Option<u8>, mut n: i32) {
                if let Some(v) = x && v > 1 { n += 1; } else if !done { return; } else { n = -n; }
                for (i, s) in items.iter().enumerate() { println!("{i} {s}", ); }
                while n < 3 { break; }
                let k = async move { call().await };
                let g = |a: u8, b| a + b;
                let Some(q) = x else { return };
                let arr = [1u8, 2, 3];
            }
        "#;
        let t = parse(text);
        let iff = t.nodes().find(|n| n.kind() == Kind::If).unwrap();
        let cond = iff.child(Role::Cond).unwrap();
        assert_eq!((cond.kind(), cond.text()), (Kind::Binary, "&&"));
        let lets = cond.child(Role::Left).unwrap();
        assert_eq!(lets.kind(), Kind::Other);
        assert_eq!(lets.child(Role::Pattern).unwrap().call_name(), Some("Some"));
        assert!(lets.child(Role::Init).unwrap().is_ident("x"));
        assert_eq!(iff.child(Role::Else).unwrap().kind(), Kind::If);
        assert_eq!(find(&t, Kind::Assign, "+=").child(Role::Left).unwrap().text(), "n");
        assert_eq!(find(&t, Kind::Unary, "-").child(Role::Operand).unwrap().text(), "n");
        let for_loop = find(&t, Kind::Loop, "for");
        assert_eq!(for_loop.child(Role::Pattern).unwrap().kind(), Kind::Array);
        assert_eq!(for_loop.child(Role::Init).unwrap().call_name(), Some("enumerate"));
        assert_eq!(find(&t, Kind::Macro, "println").arg(0).unwrap().str_value(), Some("{i} {s}"));
        assert_eq!(find(&t, Kind::Loop, "while").child(Role::Cond).unwrap().text(), "<");
        let block = find(&t, Kind::Var, "k").value().unwrap();
        assert!(block.has_flag(flags::ASYNC));
        let closure = find(&t, Kind::Var, "g").value().unwrap();
        assert_eq!(closure.kind(), Kind::Fn);
        assert_eq!(closure.children_with(Role::Param).map(|p| p.text()).collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(closure.child(Role::Body).unwrap().text(), "+");
        let let_else = t.nodes().find(|n| n.kind() == Kind::Var && n.child(Role::Else).is_some()).unwrap();
        assert_eq!(let_else.child(Role::Pattern).unwrap().call_name(), Some("Some"));
        let arr = find(&t, Kind::Var, "arr").value().unwrap();
        assert_eq!(arr.children_with(Role::Elem).filter_map(|e| e.int()).collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn macros_keep_their_literals() {
        let text = r#"
            macro_rules! m { ($x:expr) => { "not code" }; }
            tool_router! { pub struct R; fn a() -> &'static str { "inner" } }
            fn f() {
                let v = vec![1, 2];
                let s = format!("{}-{}", "a", 3);
                select! { x = rx.recv() => { handle("msg", -5) } }
            }
        "#;
        let t = parse(text);
        assert_eq!(find(&t, Kind::Macro, "macro_rules").children().count(), 0);
        assert!(t.nodes().all(|n| n.text() != "not code"));
        assert_eq!(find(&t, Kind::Macro, "vec").args().count(), 2);
        let fmt = find(&t, Kind::Macro, "format");
        assert_eq!(fmt.args().map(|a| a.kind()).collect::<Vec<_>>(), [Kind::Str, Kind::Str, Kind::Num]);
        let router = find(&t, Kind::Macro, "tool_router");
        assert!(router.descendants().any(|n| n.str_value() == Some("inner")));
        let select = find(&t, Kind::Macro, "select");
        assert!(select.descendants().any(|n| n.str_value() == Some("msg")));
        assert!(select.descendants().any(|n| n.int() == Some(-5)));
        let msg = find(&t, Kind::Str, "msg");
        assert_eq!(slice(text, msg), "\"msg\"");
    }

    #[test]
    fn containers_fields_and_variants() {
        let text = "pub struct S { pub a: Option<String>, b: Vec<u8> }\nstruct T(u8);\nenum E { A, B(u8), C { x: i32 } = 3 }\ntrait Tr: Send + Clone { fn m(&self); }";
        let t = parse(text);
        let s = find(&t, Kind::Container, "S");
        assert_eq!(slice(text, s), "pub struct S { pub a: Option<String>, b: Vec<u8> }");
        assert_eq!(slice(text, find(&t, Kind::Container, "T")), "struct T(u8);");
        let fields: Vec<_> = s.children_with(Role::Member).map(|f| f.text()).collect();
        assert_eq!(fields, ["a", "b"]);
        let a = s.children_with(Role::Member).next().unwrap();
        assert_eq!(a.child(Role::Type).unwrap().type_args().next().unwrap().text(), "String");
        assert_eq!(find(&t, Kind::Container, "T").children().next().unwrap().text(), "0");
        let e = find(&t, Kind::Container, "E");
        assert_eq!(e.children_with(Role::Member).map(|v| v.text()).collect::<Vec<_>>(), ["A", "B", "C"]);
        let tr = find(&t, Kind::Container, "Tr");
        assert!(tr.has_flag(flags::INTERFACE));
        assert_eq!(tr.children_with(Role::Implements).map(|i| i.text()).collect::<Vec<_>>(), ["Send", "Clone"]);
        assert_eq!(tr.children_with(Role::Stmt).next().unwrap().text(), "m");
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let depth = 100_000;
        let text = format!("fn f() {{ let x = {}1{}; }}", "(".repeat(depth), ")".repeat(depth));
        let started = std::time::Instant::now();
        let err = lower(&SourceFile::new(text.clone())).unwrap_err();
        assert!(started.elapsed().as_secs() < 5);
        assert_eq!(err.reason, format!("nesting deeper than {MAX_NESTING} levels"));
        // `{` of the body is level 1, so the limit is crossed at paren number MAX_NESTING.
        let first_paren = text.find("= (").unwrap() + 2;
        assert_eq!(err.offset, Some(first_paren + MAX_NESTING - 1));
        // Brackets in strings, chars and comments do not count.
        let quoted = format!("fn f() {{ let s = \"{}\"; let c = '('; /* {} */ }}", "(".repeat(5000), "[".repeat(5000));
        assert!(lower(&SourceFile::new(quoted)).is_ok());
    }

    #[test]
    fn nesting_at_the_limit_still_parses() {
        let depth = MAX_NESTING - 1;
        let text = format!("fn f() {{ let x = {}1{}; }}", "(".repeat(depth - 1), ")".repeat(depth - 1));
        let t = parse(&text);
        assert_eq!(find(&t, Kind::Var, "x").value().unwrap().int(), Some(1));
    }

    #[test]
    fn syntax_errors_carry_an_offset() {
        let text = "fn ok() {}\nfn f() { let = 3; }\n";
        let err = lower(&SourceFile::new(text.to_string())).unwrap_err();
        assert!(err.reason.starts_with("syntax error: "), "{}", err.reason);
        assert_eq!(err.offset, Some(text.find("= 3").unwrap()));
        let eof = lower(&SourceFile::new("fn f() {}\nstruct".to_string())).unwrap_err();
        assert_eq!(eof.offset, Some(16));
        let bom = format!("\u{feff}{text}");
        let err = lower(&SourceFile::new(bom.clone())).unwrap_err();
        assert_eq!(err.offset, Some(bom.find("= 3").unwrap()));
    }

    #[test]
    fn doc_comments_are_comments_not_strings() {
        let text = "//! Crate docs.\n/// Says \"hi\".\n/** Block doc */\n#[doc = \"explicit\"]\nfn f() {} // done\n";
        let t = parse(text);
        assert!(t.nodes().all(|n| n.kind() != Kind::Str && n.kind() != Kind::Attribute), "{}", dump(&t));
        let texts: Vec<&str> = t.comments.iter().map(|c| &text[c.start as usize..c.end as usize]).collect();
        assert_eq!(texts, ["//! Crate docs.", "/// Says \"hi\".", "/** Block doc */", "// done"]);
    }

    #[test]
    fn comment_scan_skips_literals_and_lifetimes() {
        let text = "fn f<'a>(x: &'a str) -> char { let s = r#\"// no \"# ; let b = br\"/* no\"; let q = '\"'; let e = '\\''; /* a /* nested */ still */ 'x' }";
        let t = parse(text);
        let texts: Vec<&str> = t.comments.iter().map(|c| &text[c.start as usize..c.end as usize]).collect();
        assert_eq!(texts, ["/* a /* nested */ still */"]);
        assert_eq!(find(&t, Kind::Str, "// no ").kind(), Kind::Str);
        assert_eq!(find(&t, Kind::Str, "\"").kind(), Kind::Str);
    }

    #[test]
    fn use_trees_give_one_import_per_leaf() {
        let t = parse("use a::{b, c::D};\nuse rmcp::model::*;\nuse x::{self, y as z};\nextern crate core;");
        let imports: Vec<_> = t.nodes().filter(|n| n.kind() == Kind::Import).map(|n| n.text()).collect();
        assert_eq!(imports, ["a::b", "a::c::D", "rmcp::model::*", "x", "x::y", "core"]);
        // Only a renamed leaf has a child: the local name it binds.
        let aliases: Vec<(&str, &str)> = t
            .nodes()
            .filter(|n| n.kind() == Kind::Import)
            .flat_map(|i| i.children().map(move |c| (i.text(), c.text())))
            .collect();
        assert_eq!(aliases, [("x::y", "z")]);
    }

    #[test]
    fn identifier_spans_cover_raw_and_non_ascii_identifiers() {
        let text = "fn f() { let é = 1; naïve(r#type, é); }";
        let t = parse(text);
        for (name, written) in [("naïve", "naïve"), ("type", "r#type"), ("é", "é")] {
            let s = find(&t, Kind::Ident, name);
            assert_eq!(slice(text, s), written);
        }
    }

    #[test]
    fn spans_are_per_file_when_files_are_parsed_in_a_row() {
        let texts = [
            "fn one() { call(\"first\"); }".to_string(),
            format!("{}\nfn two() {{ call(\"second\"); }}", "// padding ".repeat(50)),
            "const X: &str = \"third\";\n".to_string(),
        ];
        for _round in 0..2 {
            for (text, value) in texts.iter().zip(["first", "second", "third"]) {
                let t = parse(text);
                let s = find(&t, Kind::Str, value);
                assert_eq!(slice(text, s), format!("\"{value}\""));
            }
        }
    }

    #[test]
    fn unicode_before_a_node_counts_in_bytes() {
        let text = "// é ü 日本\nfn f() { g(\"ß\", 'ü'); }";
        let t = parse(text);
        assert_eq!(slice(text, find(&t, Kind::Str, "ß")), "\"ß\"");
        assert_eq!(slice(text, find(&t, Kind::Str, "ü")), "'ü'");
    }

    /// Files at the depth parsed on the calling thread fit in the smallest stack `lower` is
    /// called on (a test thread's 2 MiB), whatever nests: brackets, generics, operators.
    #[test]
    fn shallow_files_fit_a_small_stack() {
        const SHALLOW: usize = SMALL_STACK / STACK_PER_LEVEL;
        let level = SHALLOW / 2;
        let texts = [
            format!("fn f() {{ let x = {}1{}; }}", "(".repeat(SHALLOW - 2), ")".repeat(SHALLOW - 2)),
            format!("type T = {}u8{};", "A<".repeat(SHALLOW - 1), ">".repeat(SHALLOW - 1)),
            format!("fn f() {}{}", "{ if a ".repeat(level - 1), "{}}".repeat(level - 1)),
            format!("fn f() {{ let x = {}1; }}", "&".repeat(SHALLOW - 2)),
            format!("fn f() {{ json!({}1{}); }}", "[".repeat(SHALLOW - 3), "]".repeat(SHALLOW - 3)),
        ];
        for text in texts {
            let depth = scan(&text).unwrap().depth;
            assert!(depth <= SHALLOW, "{depth}: {text}");
            let handle =
                std::thread::Builder::new().stack_size(2 << 20).spawn(move || lower(&SourceFile::new(text)).is_ok());
            assert!(handle.unwrap().join().unwrap());
        }
    }

    #[test]
    fn long_operator_chains_are_refused_or_parsed_without_overflow() {
        // Each of these nests one level per repetition without brackets.
        for unit in ["&", "|| ", "a = ", "return ", "!"] {
            let text = format!("fn f() {{ let x = {}1; }}", unit.repeat(5000));
            let err = lower(&SourceFile::new(text)).unwrap_err();
            assert_eq!(err.reason, format!("operators nested deeper than {MAX_CHAIN} levels"), "{unit}");
        }
        let generic = format!("type T = {}u8{};", "A<u8, ".repeat(5000), ">".repeat(5000));
        assert!(lower(&SourceFile::new(generic)).is_err());
        // Below the limits they parse, on the parser thread's stack.
        let text = format!(
            "type T = {}u8{};\nfn f() {{ let x = {}1; let y = 1{}; let z = a{}; }}",
            "A<".repeat(900),
            ">".repeat(900),
            "&".repeat(900),
            " + 1".repeat(1500),
            ".b()".repeat(900)
        );
        let t = parse(&text);
        assert_eq!(find(&t, Kind::Var, "x").value().unwrap().text(), "&");
        // Statements end a chain: many short statements are fine.
        let many = "fn f() { a = b + c; if x { y } else if z { w } }\n".repeat(3000);
        assert!(lower(&SourceFile::new(many)).is_ok());
        let chain = format!("fn f() {{ if a {{}} {} }}", "else if a {} ".repeat(3000));
        assert!(lower(&SourceFile::new(chain)).is_err());
    }

    #[test]
    fn spans_are_per_file_when_files_are_parsed_in_a_row_on_one_thread() {
        let texts = [
            "fn one() { call(\"first\"); }".to_string(),
            format!("{}\nfn two() {{ call(\"second\"); }}", "/* é */ ".repeat(50)),
            "\u{feff}const X: &str = \"third\";\n".to_string(),
        ];
        for _round in 0..2 {
            for (text, value) in texts.iter().zip(["first", "second", "third"]) {
                let t = lower_here(text, &scan(text).unwrap().comments, &[]).unwrap();
                let s = find(&t, Kind::Str, value);
                assert_eq!(slice(text, s), format!("\"{value}\""));
            }
        }
    }

    #[test]
    fn raw_identifiers_are_named_without_prefix() {
        let t = parse("struct C { r#type: String }\nfn f() { let c = C { r#type: \"text\".into() }; }");
        assert_eq!(find(&t, Kind::Field, "type").kind(), Kind::Field);
        let obj = find(&t, Kind::Object, "C");
        assert_eq!(obj.field("type").unwrap().receiver().unwrap().str_value(), Some("text"));
    }

    #[test]
    fn doc_comments_inside_macros_are_no_strings() {
        let text = "tool_router! {\n    /// Explains \"x\".\n    #[doc = \"more\"]\n    fn a() { b(\"kept\") }\n}\n";
        let t = parse(text);
        let strings: Vec<&str> = t.nodes().filter_map(|n| n.str_value()).collect();
        assert_eq!(strings, ["kept"]);
        assert_eq!(t.comments.len(), 1);
    }

    #[test]
    fn byte_strings_and_chars_are_strings() {
        let t = parse("const A: &[u8] = b\"ab\\xff\"; const B: char = '\\n'; const C: u8 = b'a';");
        assert_eq!(find(&t, Kind::Var, "A").value().unwrap().str_value(), Some("ab\u{fffd}"));
        assert_eq!(find(&t, Kind::Var, "B").value().unwrap().str_value(), Some("\n"));
        assert_eq!(find(&t, Kind::Var, "C").value().unwrap().int(), Some(97));
    }
}
