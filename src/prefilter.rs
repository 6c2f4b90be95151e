//! The token prefilter: a file that contains no trigger token of any enabled rule cannot
//! produce a finding, so it is never parsed.
//!
//! Each rule declares its tokens in `[prefilter]` of its document; their union goes into one
//! ASCII-case-insensitive Aho-Corasick automaton, which scans a file far faster than any
//! parser reads it.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::rules::RuleDef;

pub struct Prefilter {
    automaton: Option<AhoCorasick>,
    /// Some enabled rule declared no tokens: every file must be parsed.
    always: bool,
}

impl Prefilter {
    /// `extra` are tokens of files the run needs whatever the rules (the modern-path markers of
    /// `--target dual`).
    pub fn new(rules: &[&RuleDef], enabled: bool, extra: &[&str]) -> Prefilter {
        if !enabled {
            return Prefilter { automaton: None, always: true };
        }
        let mut tokens: Vec<String> = Vec::new();
        let mut always = false;
        for def in rules {
            if def.rule.is_none() || def.meta.builtin {
                // Built-in rules have no check of their own; those that read comments
                // (suppressions) still need their files parsed.
                if def.meta.builtin {
                    tokens.extend(def.meta.prefilter.tokens.iter().map(|t| t.to_ascii_lowercase()));
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
            tokens.extend(def.meta.prefilter.tokens.iter().map(|t| t.to_ascii_lowercase()));
        }
        tokens.extend(extra.iter().map(|t| t.to_ascii_lowercase()));
        tokens.sort();
        tokens.dedup();
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostFirst)
            .build(&tokens)
            .ok();
        // If the automaton cannot be built, parse everything rather than lose findings.
        let always = always || automaton.is_none();
        Prefilter { automaton, always }
    }

    /// Whether the file may contain a finding and must be parsed.
    pub fn wants(&self, bytes: &[u8]) -> bool {
        if self.always {
            return true;
        }
        self.automaton.as_ref().is_none_or(|ac| ac.is_match(bytes))
    }
}
