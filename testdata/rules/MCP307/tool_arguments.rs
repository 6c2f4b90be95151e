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
