//! The token prefilter: a file that contains no trigger token of any enabled rule cannot
//! produce a finding, so it is never parsed.
//!
//! Each rule declares its tokens in `[prefilter]` of its document; their union goes into one
//! ASCII-case-insensitive Aho-Corasick automaton, which scans a file far faster than any
//! parser reads it.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::context::context_tokens;
use crate::rules::RuleDef;

/// What a token tells about a file (bit flags: one token may be several things at once, such as
/// `server/discover`, a rule's token and a sign of MCP context).
mod group {
    /// A token of a rule that may fire in any file, or of a file the run needs anyway.
    pub const PLAIN: u8 = 1;
    /// A token of a rule that fires only in files with MCP context.
    pub const NEEDS_CONTEXT: u8 = 2;
    /// A token that shows MCP context.
    pub const CONTEXT: u8 = 4;
}

pub struct Prefilter {
    automaton: Option<AhoCorasick>,
    /// The groups of each pattern of the automaton.
    groups: Vec<u8>,
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
        let mut tokens: Vec<(String, u8)> = Vec::new();
        let mut always = false;
        let mut any_context_rule = false;
        for def in rules {
            let group = if def.meta.prefilter.mcp_context { group::NEEDS_CONTEXT } else { group::PLAIN };
            if def.rule.is_none() || def.meta.builtin {
                // Built-in rules have no check of their own; those that read comments
                // (suppressions) still need their files parsed.
                if def.meta.builtin {
                    tokens.extend(def.meta.prefilter.tokens.iter().map(|t| (t.to_ascii_lowercase(), group::PLAIN)));
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
            any_context_rule |= group == group::NEEDS_CONTEXT;
            tokens.extend(def.meta.prefilter.tokens.iter().map(|t| (t.to_ascii_lowercase(), group)));
        }
        tokens.extend(extra.iter().map(|t| (t.to_ascii_lowercase(), group::PLAIN)));
        if any_context_rule {
            tokens.extend(context_tokens().into_iter().map(|t| (t, group::CONTEXT)));
        }
        // One pattern per token, carrying every group it belongs to.
        tokens.sort();
        tokens.dedup_by(|later, first| {
            let same = later.0 == first.0;
            if same {
                first.1 |= later.1;
            }
            same
        });
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
        let mut seen = 0u8;
        for m in ac.find_overlapping_iter(bytes) {
            seen |= self.groups.get(m.pattern().as_usize()).copied().unwrap_or(group::PLAIN);
            let both = group::NEEDS_CONTEXT | group::CONTEXT;
            if seen & group::PLAIN != 0 || seen & both == both {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A token that is both a context rule's token and a context token must count as both.
    #[test]
    fn a_token_can_be_both_a_rule_token_and_a_context_token() {
        let Ok(registry) = crate::rules::registry() else { return };
        let rules: Vec<&RuleDef> = registry.rules.iter().filter(|r| r.meta.prefilter.mcp_context).take(1).collect();
        let Some(rule) = rules.first() else { return };
        let Some(token) = rule.meta.prefilter.tokens.first() else { return };
        let p = Prefilter::new(&rules, true, &[]);
        // The rule's own token alone is not enough, a context token alone is not enough...
        assert!(
            !p.wants(format!("x {token} y").as_bytes()) || context_tokens().iter().any(|c| token.contains(c.as_str()))
        );
        assert!(!p.wants(b"import x from '@modelcontextprotocol/sdk';"));
        // ...both are.
        assert!(p.wants(format!("import x from '@modelcontextprotocol/sdk'; {token}").as_bytes()));
        // `server/discover` is a context token; with a rule that has it as its own token it
        // alone decides.
        let discover_rule = registry
            .rules
            .iter()
            .find(|r| r.meta.prefilter.mcp_context && r.meta.prefilter.tokens.iter().any(|t| t == "server/discover"));
        if let Some(r) = discover_rule {
            let p = Prefilter::new(&[r], true, &[]);
            assert!(p.wants(b"match m { \"server/discover\" => 1 }"));
        }
    }
}
