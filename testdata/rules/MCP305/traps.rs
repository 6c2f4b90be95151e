// Traps: client-side handlers, the modern InputRequiredResult, model calls that are not MCP.
use rmcp::model::{
    CallToolResponse, CreateMessageRequestParams, CreateMessageResult, ErrorData, InputRequest, InputRequests,
    InputRequiredResult, ListRootsResult, ServerRequest,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::ClientHandler;
use serde_json::json;

pub struct Desktop {
    llm: Llm,
}

impl ClientHandler for Desktop {
    // ok: MCP305
    async fn create_message(&self, params: CreateMessageRequestParams, _cx: RequestContext<RoleClient>) -> Result<CreateMessageResult, ErrorData> {
        // ok: MCP305
        self.llm.create_message(params).await
    }

    // ok: MCP305
    async fn list_roots(&self, _cx: RequestContext<RoleClient>) -> Result<ListRootsResult, ErrorData> {
        Ok(ListRootsResult::default())
    }
}

pub fn route(request: &ServerRequest) -> &'static str {
    match request {
        // ok: MCP305
        ServerRequest::CreateMessageRequest(_) => "sampling",
        // ok: MCP305
        ServerRequest::ListRootsRequest(_) => "roots",
        _ => "other",
    }
}

pub fn ask_for_roots() -> CallToolResponse {
    let mut asks = InputRequests::new();
    // ok: MCP305
    asks.insert("folders".into(), InputRequest::ListRoots(Default::default()));
    CallToolResponse::InputRequired(InputRequiredResult::new(Some(asks), None))
}

pub fn embedded() -> serde_json::Value {
    // ok: MCP305
    json!({"resultType": "input_required", "inputRequests": {"folders": {"method": "roots/list"}}})
}
