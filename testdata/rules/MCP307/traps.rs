// Traps: URL-mode elicitation in the modern form, lookalike numbers, local names.
use rmcp::model::{CallToolResponse, ElicitRequestParams, InputRequest, InputRequests, InputRequiredResult};

pub fn github_auth_required(sealed_state: String) -> CallToolResponse {
    let mut requests = InputRequests::new();
    // ok: MCP307
    requests.insert("github".into(), InputRequest::Elicitation(ElicitRequestParams::url("https://hub.example", "Authorize")));
    CallToolResponse::InputRequired(InputRequiredResult::new(Some(requests), Some(sealed_state)))
}

// ok: MCP307
pub const PORT: u16 = 32042;
// ok: MCP307
pub const OFFSET: i32 = -32041;

// ok: MCP307
pub fn remember(elicitation_id: &str) -> String {
    // ok: MCP307
    let elicitation_id_len = elicitation_id.len();
    format!("{elicitation_id}:{elicitation_id_len}")
}

// ok: MCP307
pub const LABEL: &str = "elicitationId";
