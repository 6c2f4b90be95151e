//! MCP304 `roots-list-changed`: the removed roots change notification and its capability flag.
//!
//! A pure name list: every spelling is a `[[match]]` entry of the rule's document.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &RootsListChanged;

struct RootsListChanged;

impl Rule for RootsListChanged {}
