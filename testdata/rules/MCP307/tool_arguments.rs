// A tool's own argument named `elicitation_id` is not the removed protocol field.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, ErrorData};

#[derive(serde::Deserialize, schemars::JsonSchema)]
pub struct CompleteArgs {
    pub elicitation_id: String,
}

pub struct Flows;

impl Flows {
    #[tool(description = "Mark a flow as done")]
    async fn complete(&self, Parameters(args): Parameters<CompleteArgs>) -> Result<String, ErrorData> {
        // ok: MCP307
        Ok(args.elicitation_id.clone())
    }
}

// The protocol field itself is still reported.
pub fn url_params(params: &rmcp::model::ElicitRequestUrlParams) -> String {
    // expect: MCP307
    params.elicitation_id.clone()
}

// A tool's arguments handed straight to its handler: keys no elicitation structure has show
// that the object is not the protocol's.
pub fn handler_input() -> serde_json::Value {
    // ok: MCP307
    serde_json::json!({ "url": "https://example.com", "elicitationId": "e-2", "errorPath": false })
}

pub fn url_params_json() -> serde_json::Value {
    // expect: MCP307
    serde_json::json!({ "mode": "url", "url": "https://example.com", "message": "m", "elicitationId": "e-3" })
}
