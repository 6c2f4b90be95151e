//! MCP306 `legacy-tasks`: the 2025 core tasks API that moved to the `io.modelcontextprotocol/tasks` extension.
//!
//! A pure name list: every spelling is a `[[match]]` entry of the rule's document.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &LegacyTasks;

struct LegacyTasks;

impl Rule for LegacyTasks {}
