//! MCP404 `missing-cache-hints`: hand-built results of cacheable methods without `ttlMs` and
//! `cacheScope`.
//!
//! The hand-built results [`crate::results`] finds, for the methods the rule's `[data]` lists as
//! cacheable; the method comes from the dispatch arm, or for an envelope from its result's keys
//! (`tools` → `tools/list`). `input_required` results carry no cache hints and are skipped.

use crate::engine::FileCx;
use crate::results::Finder;
use crate::rules::{Rule, RuleMeta};
use crate::tree::{Kind, NodeRef};

pub(crate) static RULE: &(dyn Rule + Sync) = &MissingCacheHints;

struct MissingCacheHints;

impl Rule for MissingCacheHints {
    fn kinds(&self, _meta: &RuleMeta) -> Vec<Kind> {
        Finder::KINDS.to_vec()
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
        cx.report_range(found.at, message);
    }
}
