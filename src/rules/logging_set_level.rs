//! MCP302 `logging-set-level`: `logging/setLevel` handlers and calls; protocol log emission
//! and the `logging` capability as notes.
//!
//! A pure name list: every spelling is in the rule's `[[match]]` entries.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &LoggingSetLevel;

struct LoggingSetLevel;

impl Rule for LoggingSetLevel {}
