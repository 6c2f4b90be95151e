//! MCP304 `roots-list-changed`: the removed roots change notification and its capability flag.
//!
//! A pure name list: every spelling is a `[[match]]` entry of the rule's document.
//!
//! Fix (unsafe): a call that sends the notification and is a statement of its own
//! (`await client.sendRootsListChanged();`) is removed with its line.

use crate::engine::FileCx;
use crate::rules::Rule;
use crate::tree::{Kind, NodeRef};

pub(crate) static RULE: &(dyn Rule + Sync) = &RootsListChanged;

struct RootsListChanged;

impl Rule for RootsListChanged {
    fn check_node(&self, node: NodeRef<'_>, cx: &mut FileCx<'_>) {
        let before = cx.reported();
        crate::patterns::check(node, cx);
        if cx.reported() > before && node.kind() == Kind::Call {
            let message = format!("Remove the `{}` call", node.call_name().unwrap_or("notification"));
            crate::patterns::fix_by_removing_call(node, &message, cx);
        }
    }
}
