//! MCP103 `stream-resumability`: `Last-Event-ID`, event stores and resumption tokens.
//!
//! A pure name list: every spelling is in the rule's `[[match]]` entries.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &StreamResumability;

struct StreamResumability;

impl Rule for StreamResumability {}
