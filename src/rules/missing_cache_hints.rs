//! MCP404 `missing-cache-hints`: hand-built results of cacheable methods without `ttlMs` and
//! `cacheScope`.
//!
//! The hand-built results [`crate::results`] finds, for the methods the rule's `[data]` lists as
//! cacheable; the method comes from the dispatch arm, or for an envelope from its result's keys
//! (`tools` → `tools/list`). `input_required` results carry no cache hints and are skipped.
//!
//! Fix (unsafe): the missing hints added with the conservative values `ttlMs: 0` and
//! `cacheScope: "private"`, which keep every client from caching; the fix message asks for real
//! values.

use crate::engine::FileCx;
use crate::fix::Fix;
use crate::results::Finder;
use crate::rewrite::Literal;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{Kind, NodeRef};

pub(crate) static RULE: &(dyn Rule + Sync) = &MissingCacheHints;

struct MissingCacheHints;

impl Rule for MissingCacheHints {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        Finder::KINDS.to_vec()
    }

    /// Its own code reads every node it is offered.
    fn own_kinds(&self, meta: &RuleMeta) -> Vec<Kind> {
        self.kinds(meta)
    }

    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        if !cx.mcp() {
            return;
        }
        let meta = cx.meta();
        let finder = Finder {
            shapes: meta.data_pairs("cacheable_methods"),
            key_methods: meta.data_pairs("result_keys"),
            sdk_handlers: meta.data_strings("sdk_handler_calls"),
            wrappers: meta.data_strings("value_wrappers"),
            assertions: meta.data_strings("assertion_calls"),
            client_apis: meta.data_strings("client_apis"),
        };
        let Some(found) = finder.find(node) else { return };
        let Some(method) = found.method.filter(|m| finder.shapes.iter().any(|(c, _)| c == m)) else { return };
        if !crate::results::owes_modern_fields(&found, cx.path, meta.data_strings("removed_methods")) {
            return;
        }
        if found.has_spread() {
            return;
        }
        // Only complete results are cacheable; a result type held in a variable is unknown.
        if let Some(rt) = found.result.field("resultType") {
            if rt.kind() != Kind::Str || rt.text() != "complete" {
                return;
            }
        }
        let missing: Vec<&str> = ["ttlMs", "cacheScope"].into_iter().filter(|k| !found.has_key(k)).collect();
        let message = match missing.as_slice() {
            [] => return,
            [one] => format!("the `{method}` result has no `{one}`"),
            _ => format!("the `{method}` result has neither `ttlMs` nor `cacheScope`"),
        };
        // The conservative hints: not cached, not shared between principals.
        let hints = [("ttlMs", Literal::Int(0)), ("cacheScope", Literal::Str("private"))];
        let entries: Vec<(&str, Literal<'_>)> = hints.into_iter().filter(|(k, _)| missing.contains(k)).collect();
        let fix = crate::rewrite::insert_entries(cx.source, found.result, &entries).map(|edit| {
            let written: Vec<String> = entries
                .iter()
                .map(|(k, v)| match v {
                    Literal::Int(i) => format!("{k}: {i}"),
                    Literal::Str(s) => format!("{k}: \"{s}\""),
                })
                .collect();
            Fix::unsafe_edit(
                format!("Add `{}` (conservative: no caching; choose real values for this result)", written.join(", ")),
                vec![edit],
            )
        });
        let diag = cx.report_range(found.at, message);
        if let Some(fix) = fix {
            diag.with_fix(fix);
        }
    }
}
