//! The input round of `transfer_stock`: ask the operator to confirm, and carry the
//! transfer being confirmed to the retry in a sealed `requestState`.

use rmcp::model::{
    CallToolResponse, ElicitRequest, ElicitRequestParams, InputRequest, InputRequests, InputRequiredResult,
    InputResponses, RequestStateCodec,
};
use rmcp::ErrorData as McpError;
use serde_json::json;

use crate::depot::PendingTransfer;

/// First round: no state yet, so ask for confirmation and seal what is being confirmed.
pub fn ask_to_confirm(codec: &RequestStateCodec, wanted: &PendingTransfer) -> Result<CallToolResponse, McpError> {
    let sealed = codec.seal_json(wanted).map_err(|e| McpError::internal_error(e.to_string(), None))?;
    let schema = serde_json::from_value(json!({
        "type": "object",
        "properties": { "confirm": { "type": "boolean", "title": "Move the stock" } },
        "required": ["confirm"]
    }))
    .map_err(|e| McpError::internal_error(e.to_string(), None))?;

    let mut requests = InputRequests::new();
    requests.insert(
        "confirm".to_owned(),
        InputRequest::Elicitation(ElicitRequest::new(ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: format!("Move {} x{} from {} to {}?", wanted.sku, wanted.quantity, wanted.from_bin, wanted.to_bin),
            requested_schema: schema,
        })),
    );
    Ok(CallToolResponse::InputRequired(InputRequiredResult::new(Some(requests), Some(sealed))))
}

/// Whether the operator accepted the confirmation asked for in the previous round.
pub fn confirmed(answers: Option<&InputResponses>) -> bool {
    let Some(answer) = answers.and_then(|a| a.get("confirm")) else {
        return false;
    };
    answer["action"] == "accept" && answer["content"]["confirm"].as_bool() == Some(true)
}
