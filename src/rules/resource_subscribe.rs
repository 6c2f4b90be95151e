//! MCP303 `resource-subscribe`: `resources/subscribe` / `resources/unsubscribe` requests, handlers and client calls.
//!
//! A pure name list: every spelling is a `[[match]]` entry of the rule's document.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &ResourceSubscribe;

struct ResourceSubscribe;

impl Rule for ResourceSubscribe {}
