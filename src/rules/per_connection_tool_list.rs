//! MCP603 `per-connection-tool-list`: tool, prompt and resource lists changed from inside a
//! request handler.
//!
//! A pure name list: the mutating calls (`.disable()` on a registered tool, `registerTool`,
//! `sendToolListChanged`, rmcp `enable_route`) count only inside a request handler, which the
//! shared matcher's `in_handler` field decides; start-up code and watchers are left alone.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &PerConnectionToolList;

struct PerConnectionToolList;

impl Rule for PerConnectionToolList {}
