// Fixture: Rust servers that decode requestState without verifying it.
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResult, ErrorData};
use rmcp::tool;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
pub struct Step {
    pub n: u32,
}

pub fn resume(params: &CallToolRequestParams) -> anyhow::Result<Step> {
    let raw = params.request_state.as_deref().unwrap_or("{}");
    // expect: MCP602
    Ok(serde_json::from_str(raw)?)
}

#[tool(description = "Book a room")]
pub async fn book_room(request: CallToolRequestParams) -> Result<CallToolResult, ErrorData> {
    let encoded = request.request_state.unwrap_or_default();
    // expect: MCP602
    let bytes = STANDARD.decode(encoded).map_err(|e| ErrorData::invalid_params(e.to_string(), None))?;
    let _step: Step = serde_json::from_slice(&bytes).map_err(|e| ErrorData::invalid_params(e.to_string(), None))?;
    Ok(CallToolResult::success(vec![]))
}

pub fn raw_dispatch(req: &Value) -> Option<Step> {
    // expect: MCP602
    serde_json::from_str(req["params"]["requestState"].as_str().unwrap_or("")).ok()
}

pub fn split(input: &CallToolRequestParams) -> Option<String> {
    let state = input.request_state.as_deref()?;
    // expect: MCP602
    let (body, _mac) = state.split_once('.')?;
    Some(body.to_owned())
}

// A helper with no client or server marker: read as server code.
pub fn decode_state(request_state: &str) -> Option<Step> {
    // expect: MCP602
    serde_json::from_str(request_state).ok()
}

pub struct Args {
    pub request_state: String,
}

pub fn from_args(args: &Args) -> Option<Vec<u8>> {
    // expect: MCP602
    STANDARD.decode(&args.request_state).ok()
}
