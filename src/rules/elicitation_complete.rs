//! MCP307 `elicitation-complete`: the retired URL-elicitation error `-32042`, `elicitationId` and the completion notification.
//!
//! A pure name list: every spelling is a `[[match]]` entry of the rule's document.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &ElicitationComplete;

struct ElicitationComplete;

impl Rule for ElicitationComplete {}
