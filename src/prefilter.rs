//! The token prefilter: decides from a file's raw bytes, before any parsing, which rules could
//! find anything in it. A file no rule could use is never parsed; a parsed file is offered only
//! to the rules it holds tokens of.
//!
//! Each rule declares its tokens in `[prefilter]` of its document (see
//! [`crate::rules::Prefilter`]); all of them, and the signs of MCP context, go into one
//! ASCII-case-insensitive Aho-Corasick automaton, which reads a file far faster than any parser.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

use crate::context::context_tokens;
use crate::rules::RuleDef;

/// A set of rules, by their index in the engine's rule list.
#[derive(Clone, Debug, Default)]
pub struct RuleSet {
    bits: Vec<u64>,
}

impl PartialEq for RuleSet {
    fn eq(&self, other: &RuleSet) -> bool {
        let n = self.bits.len().max(other.bits.len());
        (0..n).all(|i| self.bits.get(i).unwrap_or(&0) == other.bits.get(i).unwrap_or(&0))
    }
}

impl Eq for RuleSet {}

impl RuleSet {
    pub fn insert(&mut self, i: usize) {
        let word = i / 64;
        if self.bits.len() <= word {
            self.bits.resize(word + 1, 0);
        }
        self.bits[word] |= 1 << (i % 64);
    }

    pub fn contains(&self, i: usize) -> bool {
        self.bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|w| *w == 0)
    }

    pub fn union(&mut self, other: &RuleSet) {
        if self.bits.len() < other.bits.len() {
            self.bits.resize(other.bits.len(), 0);
        }
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a |= *b;
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.bits.len() * 64).filter(|i| self.contains(*i))
    }
}

/// What to do with a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// No rule can use it.
    Skip,
    /// Parse it and offer it to these rules.
    Parse(RuleSet),
    /// Only these rules' fact tokens occur: parse it only if their file checks ask for a name
    /// it contains (the second pass of [`crate::check::run`]).
    Defer(RuleSet),
}

/// Why a pattern of the automaton matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// A rule may fire anywhere the token occurs.
    Token(usize),
    /// A rule may fire where the token occurs as a whole word of a name.
    Word(usize),
    /// A rule may fire where the token occurs in a file with MCP context.
    InContext(usize),
    /// A file holding it may give a rule facts.
    Fact(usize),
    /// A sign of MCP context.
    Context,
    /// The run needs the file parsed whatever the rules (suppression markers, modern-path
    /// markers under `--target dual`).
    Parse,
    /// A word of a rule's phrase (see [`Phrase`]): it counts, as a word of a name, only where
    /// every word of the phrase occurs.
    PhraseWord,
}

/// A `declaration` pattern's phrase (`next event id`): its words may stand apart in a name
/// (`next_sse_event_id`), so no token of the phrase as a whole need occur. A file in which every
/// word occurs as a word of a name is offered to the rule (with MCP context, where the pattern
/// needs it).
struct Phrase {
    rule: usize,
    in_context: bool,
    /// The automaton's patterns of its words.
    words: Vec<usize>,
}

pub struct Prefilter {
    automaton: Option<AhoCorasick>,
    /// The roles of each pattern of the automaton.
    roles: Vec<Vec<Role>>,
    /// Whether a pattern has a `Word` or `PhraseWord` role, so its matches need a boundary
    /// check.
    needs_boundary: Vec<bool>,
    /// Patterns that are only words of phrases: they are no token on their own.
    phrase_only: Vec<bool>,
    phrases: Vec<Phrase>,
    /// Rules that must see every file: they declared no token, or the prefilter is off.
    always: RuleSet,
    /// Parse every file.
    off: bool,
}

impl Prefilter {
    /// `rules` are the engine's rules, in its order; `builtin` are the enabled rules without an
    /// implementation of their own (their tokens only make a file parsed); `extra` are tokens of
    /// files the run needs whatever the rules.
    pub fn new(rules: &[&RuleDef], builtin: &[&RuleDef], enabled: bool, extra: &[&str]) -> Prefilter {
        let mut always = RuleSet::default();
        if !enabled {
            (0..rules.len()).for_each(|i| always.insert(i));
            return Prefilter {
                automaton: None,
                roles: Vec::new(),
                needs_boundary: Vec::new(),
                phrase_only: Vec::new(),
                phrases: Vec::new(),
                always,
                off: true,
            };
        }
        let mut patterns: Vec<(String, Role)> = Vec::new();
        let mut any_context = false;
        for (i, def) in rules.iter().enumerate() {
            let p = &def.meta.prefilter;
            if p.is_empty() && p.fact_tokens.is_empty() {
                always.insert(i);
            }
            patterns.extend(p.tokens.iter().map(|t| (t.clone(), Role::Token(i))));
            patterns.extend(p.words.iter().map(|t| (t.clone(), Role::Word(i))));
            patterns.extend(p.context_tokens.iter().map(|t| (t.clone(), Role::InContext(i))));
            patterns.extend(p.fact_tokens.iter().map(|t| (t.clone(), Role::Fact(i))));
            any_context |= !p.context_tokens.is_empty();
            let phrase_words = def.meta.patterns.iter().flat_map(|m| &m.phrases).flat_map(|ph| ph.split_whitespace());
            patterns.extend(phrase_words.map(|w| (w.to_string(), Role::PhraseWord)));
            any_context |= def.meta.patterns.iter().any(|m| m.mcp_context && !m.phrases.is_empty());
        }
        for def in builtin {
            patterns.extend(def.meta.prefilter.tokens.iter().map(|t| (t.clone(), Role::Parse)));
        }
        patterns.extend(extra.iter().map(|t| (t.to_string(), Role::Parse)));
        if any_context {
            patterns.extend(context_tokens().into_iter().map(|t| (t, Role::Context)));
        }
        // One pattern per distinct token, carrying every role it plays.
        for p in &mut patterns {
            p.0.make_ascii_lowercase();
        }
        patterns.sort_by(|a, b| a.0.cmp(&b.0));
        let mut tokens: Vec<String> = Vec::new();
        let mut roles: Vec<Vec<Role>> = Vec::new();
        for (token, role) in patterns {
            if tokens.last() != Some(&token) {
                tokens.push(token);
                roles.push(Vec::new());
            }
            if let Some(r) = roles.last_mut() {
                if !r.contains(&role) {
                    r.push(role);
                }
            }
        }
        let needs_boundary =
            roles.iter().map(|r| r.iter().any(|x| matches!(x, Role::Word(_) | Role::PhraseWord))).collect();
        let phrase_only = roles.iter().map(|r| r.iter().all(|x| *x == Role::PhraseWord)).collect();
        let mut phrases = Vec::new();
        for (i, def) in rules.iter().enumerate() {
            for m in def.meta.patterns.iter().filter(|m| !m.phrases.is_empty()) {
                for phrase in &m.phrases {
                    let words: Option<Vec<usize>> =
                        phrase.split_whitespace().map(|w| tokens.binary_search(&w.to_ascii_lowercase()).ok()).collect();
                    if let Some(words) = words.filter(|w| !w.is_empty()) {
                        phrases.push(Phrase { rule: i, in_context: m.mcp_context, words });
                    }
                }
            }
        }
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .kind(Some(AhoCorasickKind::DFA))
            .build(&tokens)
            .ok();
        // If the automaton cannot be built, parse everything rather than lose findings.
        let off = automaton.is_none();
        if off {
            (0..rules.len()).for_each(|i| always.insert(i));
        }
        Prefilter { automaton, roles, needs_boundary, phrase_only, phrases, always, off }
    }

    /// What the file's bytes allow.
    pub fn decide(&self, bytes: &[u8]) -> Decision {
        self.decide_found(&[bytes], false, false).0
    }

    /// What the file's bytes allow, and where its tokens are (none when the prefilter is off):
    /// only the Rust front end uses them, so only Rust files pay for collecting them.
    /// `context`: the file speaks MCP whatever its bytes (its package is MCP code).
    pub fn decide_and_mark(&self, bytes: &[u8], context: bool) -> (Decision, Option<Hits>) {
        self.decide_parts(&[bytes], context, true)
    }

    /// Like [`decide_and_mark`](Self::decide_and_mark) over a file and other texts that stand
    /// for parts of it (the values of the constants it uses): tokens in any part count, and the
    /// hits are the file's.
    pub fn decide_parts(&self, parts: &[&[u8]], context: bool, mark: bool) -> (Decision, Option<Hits>) {
        let (decision, hits, _) = self.decide_indexable(parts, context, mark);
        (decision, hits)
    }

    /// Like [`decide_parts`](Self::decide_parts), and whether the file is worth indexing (see
    /// [`crate::analyze::IndexTokens`]): it holds a rule's token or a sign of MCP context, and
    /// has MCP context. `None` when the prefilter is off and read nothing.
    pub fn decide_indexable(
        &self,
        parts: &[&[u8]],
        context: bool,
        mark: bool,
    ) -> (Decision, Option<Hits>, Option<bool>) {
        let (decision, hits, indexable, _) = self.decide_found(parts, context, mark);
        (decision, hits, indexable)
    }

    /// Like [`decide_indexable`](Self::decide_indexable), and what the scan of the first part
    /// (the file) found, for a later pass to decide again with more parts without reading the
    /// file again (see [`decide_again`](Self::decide_again)). `None` when the prefilter is off.
    pub fn decide_found(
        &self,
        parts: &[&[u8]],
        context: bool,
        mark: bool,
    ) -> (Decision, Option<Hits>, Option<bool>, Option<Found>) {
        let Some(ac) = self.automaton.as_ref().filter(|_| !self.off) else {
            return (Decision::Parse(self.always.clone()), None, None, None);
        };
        let mut seen = Seen::new(self.roles.len());
        let mut hits = mark.then(Vec::new);
        let Some((file, rest)) = parts.split_first() else {
            let (decision, indexable) = self.decision(&seen, context);
            return (decision, hits.map(Hits::at), Some(indexable), None);
        };
        let mut phrase_hits = mark.then(Vec::new);
        self.mark(ac, file, &mut seen, hits.as_mut(), phrase_hits.as_mut());
        let found = Found { plain: Seen::ids(&seen.plain), word: Seen::ids(&seen.word) };
        for part in rest {
            self.mark(ac, part, &mut seen, None, None);
        }
        let (decision, indexable) = self.decision(&seen, context);
        // The words of a phrase that occurs whole are tokens where they are.
        if let (Some(hits), Some(words)) = (hits.as_mut(), phrase_hits) {
            let whole: Vec<usize> = self
                .phrases
                .iter()
                .filter(|p| p.words.iter().all(|&w| seen.word[w]))
                .flat_map(|p| p.words.iter().copied())
                .collect();
            hits.extend(words.into_iter().filter(|(id, _)| whole.contains(id)).map(|(_, at)| at));
        }
        (decision, hits.map(Hits::at), Some(indexable), Some(found))
    }

    /// The decision of [`decide_parts`](Self::decide_parts) over the file an earlier scan
    /// `found` read and more parts: the file's bytes are not read again.
    pub fn decide_again(&self, found: &Found, more: &[&[u8]], context: bool) -> Decision {
        self.decide_again_indexable(found, more, context).0
    }

    /// Like [`decide_again`](Self::decide_again), and whether the file is worth indexing, as
    /// [`decide_indexable`](Self::decide_indexable) tells it.
    pub fn decide_again_indexable(&self, found: &Found, more: &[&[u8]], context: bool) -> (Decision, Option<bool>) {
        let Some(ac) = self.automaton.as_ref().filter(|_| !self.off) else {
            return (Decision::Parse(self.always.clone()), None);
        };
        let mut seen = Seen::new(self.roles.len());
        for (ids, flags) in [(&found.plain, &mut seen.plain), (&found.word, &mut seen.word)] {
            for &id in ids {
                if let Some(f) = flags.get_mut(id) {
                    *f = true;
                }
            }
        }
        for part in more {
            self.mark(ac, part, &mut seen, None, None);
        }
        let (decision, indexable) = self.decision(&seen, context);
        (decision, Some(indexable))
    }

    /// Whether `bytes` hold a token: a stretch that holds none is left unread (see [`Hits`]).
    /// Always, when the prefilter is off.
    pub fn holds_token(&self, bytes: &[u8]) -> bool {
        match self.automaton.as_ref().filter(|_| !self.off) {
            Some(ac) => ac.find_overlapping_iter(bytes).any(|m| !self.phrase_only[m.pattern().as_usize()]),
            None => true,
        }
    }

    /// Records the patterns that occur in `bytes` (and where, when `hits` is given: the words
    /// of phrases, which are tokens only where the whole phrase occurs, go to `phrase_hits`).
    fn mark(
        &self,
        ac: &AhoCorasick,
        bytes: &[u8],
        seen: &mut Seen,
        mut hits: Option<&mut Vec<usize>>,
        mut phrase_hits: Option<&mut Vec<(usize, usize)>>,
    ) {
        for m in ac.find_overlapping_iter(bytes) {
            let id = m.pattern().as_usize();
            seen.plain[id] = true;
            // The boundary is checked once per pattern, and at each match of a phrase's word
            // whose place may be wanted.
            let wanted = !seen.word[id] || (self.phrase_only[id] && phrase_hits.is_some());
            let word = self.needs_boundary[id] && wanted && is_word(bytes, m.start(), m.end());
            seen.word[id] |= word;
            if self.phrase_only[id] {
                if let Some(at) = phrase_hits.as_deref_mut().filter(|_| word) {
                    at.push((id, m.start()));
                }
            } else if let Some(hits) = hits.as_deref_mut() {
                hits.push(m.start());
            }
        }
    }

    /// The decision, and whether the file is worth indexing, from the patterns that occur.
    fn decision(&self, seen: &Seen, assume_context: bool) -> (Decision, bool) {
        let (plain, word) = (&seen.plain, &seen.word);
        let context = assume_context
            || plain.iter().zip(&self.roles).any(|(seen, roles)| *seen && roles.contains(&Role::Context));
        let indexable = context
            && plain.iter().zip(&self.roles).any(|(seen, roles)| {
                *seen
                    && roles
                        .iter()
                        .any(|r| matches!(r, Role::Token(_) | Role::Word(_) | Role::InContext(_) | Role::Context))
            });
        let mut parse = self.always.clone();
        let mut facts = RuleSet::default();
        let mut needed = false;
        for (id, roles) in self.roles.iter().enumerate().filter(|(id, _)| plain[*id]) {
            for role in roles {
                match *role {
                    Role::Token(i) => parse.insert(i),
                    Role::Word(i) if word[id] => parse.insert(i),
                    Role::InContext(i) if context => parse.insert(i),
                    Role::Fact(i) => facts.insert(i),
                    Role::Parse => needed = true,
                    Role::Word(_) | Role::InContext(_) | Role::Context | Role::PhraseWord => {}
                }
            }
        }
        for p in &self.phrases {
            if (context || !p.in_context) && p.words.iter().all(|&w| word[w]) {
                parse.insert(p.rule);
            }
        }
        let decision = if needed || !parse.is_empty() {
            parse.union(&facts);
            Decision::Parse(parse)
        } else if !facts.is_empty() {
            Decision::Defer(facts)
        } else {
            Decision::Skip
        };
        (decision, indexable)
    }

    /// The tokens of every rule, of MCP context and of the run, in one automaton that finds
    /// them anywhere (ASCII case-insensitively): the project index keeps a constant whose value
    /// holds one (see [`crate::index::meaningful_str`]).
    pub fn token_finder(&self) -> Option<&AhoCorasick> {
        self.automaton.as_ref()
    }
}

/// Where a file's tokens start: every match of every rule's tokens, of the context tokens and
/// of the markers the run needs. A stretch of the file that holds none of them cannot hold a
/// finding, in the same way as a file that holds none; the Rust front end leaves such function
/// bodies unread unless read code names them (see `lang::rust::unread_bodies`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    tokens: Vec<usize>,
    /// Where names the project index gives a meaning are used (sorted).
    names: Vec<usize>,
}

impl Hits {
    /// Tokens starting at these offsets, in any order (overlapping matches come in the order
    /// they end).
    pub fn at(mut starts: Vec<usize>) -> Hits {
        starts.sort_unstable();
        Hits { tokens: starts, names: Vec::new() }
    }

    /// These hits and the starts of names the project index gives a meaning.
    pub fn with(self, more: impl Iterator<Item = usize>) -> Hits {
        let mut names = self.names;
        names.extend(more);
        names.sort_unstable();
        Hits { tokens: self.tokens, names }
    }

    /// Whether no token or name starts within `start..end`.
    pub fn none_within(&self, start: usize, end: usize) -> bool {
        !within(&self.tokens, start, end) && !within(&self.names, start, end)
    }

    /// Whether a name the index gives a meaning starts within `start..end`.
    pub fn name_within(&self, start: usize, end: usize) -> bool {
        within(&self.names, start, end)
    }
}

fn within(sorted: &[usize], start: usize, end: usize) -> bool {
    let i = sorted.partition_point(|&h| h < start);
    sorted.get(i).is_some_and(|&h| h < end)
}

/// What the prefilter's scan found in a file: the patterns that occur, and those that occur
/// as a word. A pass after the first decides from it again, with the values of the constants
/// the file uses, without reading the file. (Where the tokens are is not kept: only a file
/// parsed again needs them, and few are.)
#[derive(Clone, Debug, Default)]
pub struct Found {
    plain: Vec<usize>,
    word: Vec<usize>,
}

/// Per pattern of the automaton: whether it occurs, and whether it occurs as a word.
struct Seen {
    plain: Vec<bool>,
    word: Vec<bool>,
}

impl Seen {
    fn new(patterns: usize) -> Seen {
        Seen { plain: vec![false; patterns], word: vec![false; patterns] }
    }

    /// The patterns set in `flags`.
    fn ids(flags: &[bool]) -> Vec<usize> {
        flags.iter().enumerate().filter(|(_, f)| **f).map(|(i, _)| i).collect()
    }
}

/// Whether `bytes[start..end]` is a whole word of a name, as [`crate::patterns::name_words`]
/// splits names: at characters that are not letters or digits, and where an upper-case letter
/// follows a lower-case letter or a digit. Bytes beyond ASCII count as separators, so the check
/// never rejects what `name_words` would accept.
fn is_word(bytes: &[u8], start: usize, end: usize) -> bool {
    let alnum = |b: u8| b.is_ascii_alphanumeric();
    let lower_or_digit = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    let first = bytes.get(start).copied().unwrap_or(0);
    let starts = match start.checked_sub(1).and_then(|i| bytes.get(i)) {
        None => true,
        Some(&b) => !alnum(b) || (first.is_ascii_uppercase() && lower_or_digit(b)),
    };
    let last = end.checked_sub(1).and_then(|i| bytes.get(i)).copied().unwrap_or(0);
    let ends = match bytes.get(end) {
        None => true,
        Some(&b) => !alnum(b) || (b.is_ascii_uppercase() && lower_or_digit(last)),
    };
    starts && ends
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::name_words;

    fn registry() -> &'static crate::rules::Registry {
        match crate::rules::registry() {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        }
    }

    fn engine_rules() -> (Vec<&'static RuleDef>, Vec<&'static RuleDef>) {
        let registry = registry();
        let rules = registry.rules.iter().filter(|r| r.rule.is_some()).collect();
        let builtin = registry.rules.iter().filter(|r| r.rule.is_none()).collect();
        (rules, builtin)
    }

    fn index_of(rules: &[&RuleDef], id: &str) -> usize {
        match rules.iter().position(|r| r.meta.id == id) {
            Some(i) => i,
            None => panic!("no rule {id}"),
        }
    }

    fn parses(d: &Decision, i: usize) -> bool {
        matches!(d, Decision::Parse(set) if set.contains(i))
    }

    #[test]
    fn words_follow_name_words() {
        for (text, expected) in [
            ("MCP_PATH", true),
            ("mcpEndpoint", true),
            ("'/mcp'", true),
            ("isMcp", true),
            ("isMCP", true),
            ("mcp", true),
            ("memcpy", false),
            ("systemCPUTime", false),
            ("mcptt", false),
            ("MCPServer", false),
            ("mcp2", false),
        ] {
            let bytes = text.as_bytes();
            let lower = text.to_ascii_lowercase();
            let found = lower.match_indices("mcp").any(|(at, m)| is_word(bytes, at, at + m.len()));
            assert_eq!(found, expected, "{text}");
            // Never stricter than the splitting the rules use.
            if name_words(text.trim_matches(['\'', '/'])).iter().any(|w| w == "mcp") {
                assert!(found, "{text}");
            }
        }
    }

    /// A context token alone, or a context rule's token alone, parses nothing; both together
    /// offer the file to the rule.
    #[test]
    fn context_tokens_need_context() {
        let (rules, builtin) = engine_rules();
        let p = Prefilter::new(&rules, &builtin, true, &[]);
        let ping = index_of(&rules, "MCP301");
        assert!(!parses(&p.decide(b"client.ping()"), ping));
        assert!(!parses(&p.decide(b"import x from '@modelcontextprotocol/sdk';"), ping));
        assert!(parses(&p.decide(b"import x from '@modelcontextprotocol/sdk'; client.ping()"), ping));
    }

    #[test]
    fn words_and_plain_tokens_fire_anywhere() {
        let (rules, builtin) = engine_rules();
        let p = Prefilter::new(&rules, &builtin, true, &[]);
        let http = index_of(&rules, "MCP104");
        assert!(parses(&p.decide(b"app.get('/mcp', handler)"), http));
        assert_eq!(p.decide(b"memcpy(a, b, n); systemCPUTime()"), Decision::Skip);
        let header = index_of(&rules, "MCP102");
        assert!(parses(&p.decide(b"req.headers['Mcp-Session-Id']"), header));
    }

    #[test]
    fn a_phrase_counts_when_all_its_words_are_words_of_names() {
        let (rules, builtin) = engine_rules();
        let p = Prefilter::new(&rules, &builtin, true, &[]);
        let resume = index_of(&rules, "MCP103");
        let mcp = b"from mcp.server.lowlevel import Server\n";
        let with = |body: &[u8]| [mcp.as_slice(), body].concat();
        // `next event id` with another word between, in an MCP file.
        assert!(parses(&p.decide(&with(b"def next_sse_event_id(self): pass")), resume));
        // Not every word, or words only inside other words (`eventide`, `width`, `identity`).
        assert!(!parses(&p.decide(&with(b"def next_sse_id(self): pass")), resume));
        assert!(!parses(&p.decide(&with(b"next_sse_eventide = identity(width)")), resume));
        // The phrase's words are no tokens on their own: they do not mark a value or a stretch.
        assert!(!p.holds_token(b"next event id"));
        let (_, hits) = p.decide_and_mark(b"fn f(id: u64) { let next = id; }", true);
        assert_eq!(hits, Some(Hits::default()));
        let (_, hits) = p.decide_and_mark(b"fn f() { next_sse_event_id(); }", true);
        assert!(hits.is_some_and(|h| !h.none_within(0, 40)));
    }

    #[test]
    fn fact_tokens_alone_defer_the_file() {
        let (rules, builtin) = engine_rules();
        let p = Prefilter::new(&rules, &builtin, true, &[]);
        let tools = index_of(&rules, "MCP601");
        match p.decide(b"#[derive(Deserialize)] struct Args { a: u32 }") {
            Decision::Defer(set) => assert!(set.contains(tools)),
            other => panic!("{other:?}"),
        }
        // Parsed for another reason, the file is offered to the fact rule as well.
        let d = p.decide(b"#[derive(Deserialize)] struct Args { a: u32 } const H = \"Mcp-Session-Id\";");
        assert!(parses(&d, tools));
    }

    #[test]
    fn an_empty_prefilter_parses_everything() {
        let (rules, builtin) = engine_rules();
        let p = Prefilter::new(&rules, &builtin, false, &[]);
        match p.decide(b"") {
            Decision::Parse(set) => assert!((0..rules.len()).all(|i| set.contains(i))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn builtin_and_extra_tokens_parse_for_no_rule() {
        let (rules, builtin) = engine_rules();
        let p = Prefilter::new(&rules, &builtin, true, &["discover"]);
        assert_eq!(p.decide(b"// mcpshift-ignore"), Decision::Parse(RuleSet::default()));
        assert_eq!(p.decide(b"fn discover() {}"), Decision::Parse(RuleSet::default()));
    }

    /// Deciding again from what the first scan found, with the values of the constants a file
    /// uses as more parts, decides as scanning the file and the values together: the pass with
    /// the index does not read the file again.
    #[test]
    fn deciding_again_equals_scanning_again() {
        let (rules, builtin) = engine_rules();
        let p = Prefilter::new(&rules, &builtin, true, &[]);
        let files: [&[u8]; 4] = [
            b"use crate::mcp::SESSION_HEADER; fn f(h: &HeaderMap) { h.get(SESSION_HEADER); }",
            b"import { METHOD } from './m'; client.request({ method: METHOD })",
            b"#[derive(Deserialize)] struct Args { a: u32 }",
            b"memcpy(a, b, n)",
        ];
        let values: [&[u8]; 3] = [b"Mcp-Session-Id", b"ping", b"/mcp"];
        for file in files {
            for context in [false, true] {
                for mark in [false, true] {
                    let (_, _, _, found) = p.decide_found(&[file], context, mark);
                    let Some(found) = found else { panic!("the prefilter is on") };
                    for n in 0..=values.len() {
                        let more = &values[..n];
                        let parts: Vec<&[u8]> = std::iter::once(file).chain(more.iter().copied()).collect();
                        assert_eq!(p.decide_again(&found, more, context), p.decide_parts(&parts, context, mark).0);
                    }
                }
            }
        }
    }
}
