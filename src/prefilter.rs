//! The token prefilter: a file that contains no trigger token of any enabled rule cannot
//! produce a finding, so it is never parsed.
//!
//! Each rule declares its tokens in `[prefilter]` of its document; their union goes into one
//! ASCII-case-insensitive Aho-Corasick automaton, which scans a file far faster than any
//! parser reads it.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::context::context_tokens;
use crate::rules::RuleDef;

/// What a token tells about a file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    /// A token of a rule that may fire in any file, or a file the run needs anyway.
    Plain,
    /// A token of a rule that fires only in files with MCP context.
    NeedsContext,
    /// A token that shows MCP context.
    Context,
}

pub struct Prefilter {
    automaton: Option<AhoCorasick>,
    /// The group of each pattern of the automaton.
    groups: Vec<Group>,
    /// Some enabled rule declared no tokens: every file must be parsed.
    always: bool,
}

impl Prefilter {
    /// `extra` are tokens of files the run needs whatever the rules (the modern-path markers of
    /// `--target dual`).
    pub fn new(rules: &[&RuleDef], enabled: bool, extra: &[&str]) -> Prefilter {
        if !enabled {
            return Prefilter { automaton: None, groups: Vec::new(), always: true };
        }
        let mut tokens: Vec<(String, Group)> = Vec::new();
        let mut always = false;
        let mut any_context_rule = false;
        for def in rules {
            let group = if def.meta.prefilter.mcp_context { Group::NeedsContext } else { Group::Plain };
            if def.rule.is_none() || def.meta.builtin {
                // Built-in rules have no check of their own; those that read comments
                // (suppressions) still need their files parsed.
                if def.meta.builtin {
                    tokens.extend(def.meta.prefilter.tokens.iter().map(|t| (t.to_ascii_lowercase(), Group::Plain)));
                }
                continue;
            }
            let source_langs = def.meta.languages.iter().any(|l| l == "typescript" || l == "rust");
            if !source_langs {
                continue;
            }
            if def.meta.prefilter.tokens.is_empty() {
                always = true;
            }
            any_context_rule |= group == Group::NeedsContext;
            tokens.extend(def.meta.prefilter.tokens.iter().map(|t| (t.to_ascii_lowercase(), group)));
        }
        tokens.extend(extra.iter().map(|t| (t.to_ascii_lowercase(), Group::Plain)));
        if any_context_rule {
            tokens.extend(context_tokens().into_iter().map(|t| (t, Group::Context)));
        }
        // One pattern per token; a token in several groups keeps the strongest (Plain wins, as
        // it alone decides).
        tokens.sort_by(|a, b| a.0.cmp(&b.0).then(rank(a.1).cmp(&rank(b.1))));
        tokens.dedup_by(|later, first| later.0 == first.0);
        let groups = tokens.iter().map(|t| t.1).collect();
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(tokens.iter().map(|t| &t.0))
            .ok();
        // If the automaton cannot be built, parse everything rather than lose findings.
        let always = always || automaton.is_none();
        Prefilter { automaton, groups, always }
    }

    /// Whether the file may contain a finding and must be parsed: it holds a token of a rule
    /// that fires anywhere, or a token of a context rule and a context token.
    pub fn wants(&self, bytes: &[u8]) -> bool {
        if self.always {
            return true;
        }
        let Some(ac) = &self.automaton else { return true };
        let (mut needs_context, mut context) = (false, false);
        for m in ac.find_overlapping_iter(bytes) {
            match self.groups.get(m.pattern().as_usize()) {
                Some(Group::Plain) | None => return true,
                Some(Group::NeedsContext) => needs_context = true,
                Some(Group::Context) => context = true,
            }
            if needs_context && context {
                return true;
            }
        }
        false
    }
}

fn rank(g: Group) -> u8 {
    match g {
        Group::Plain => 0,
        Group::NeedsContext => 1,
        Group::Context => 2,
    }
}
