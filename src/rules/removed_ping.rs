//! MCP301 `removed-ping`: `ping` requests and handlers.
//!
//! A pure name list: `"ping"` counts only where a method name goes (a `method:` value, a
//! dispatch arm, a handler registration), calls count only on MCP receivers.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &RemovedPing;

struct RemovedPing;

impl Rule for RemovedPing {}
