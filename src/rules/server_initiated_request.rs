//! MCP305 `server-initiated-request`: a server sending sampling, elicitation or roots requests to its client.
//!
//! A pure name list: every spelling is a `[[match]]` entry of the rule's document.

use crate::rules::Rule;

pub(crate) static RULE: &(dyn Rule + Sync) = &ServerInitiatedRequest;

struct ServerInitiatedRequest;

impl Rule for ServerInitiatedRequest {}
