// Fixture: Rust clients that parse, inspect or rewrite requestState.
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use rmcp::model::{CallToolRequestParams, InputRequiredResult, InputResponses};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Progress {
    pub step: u32,
}

pub fn progress(result: &InputRequiredResult) -> Option<Progress> {
    // expect: MCP602
    serde_json::from_str::<Progress>(result.request_state.as_deref().unwrap_or("")).ok()
}

pub fn bytes(response: &InputRequiredResult) -> anyhow::Result<Vec<u8>> {
    let raw = response.request_state.clone().unwrap_or_default();
    // expect: MCP602
    Ok(STANDARD.decode(raw)?)
}

pub fn parts(result: &InputRequiredResult) -> Option<(String, String)> {
    // expect: MCP602
    let (a, b) = result.request_state.as_ref()?.split_once('.')?;
    Some((a.to_owned(), b.to_owned()))
}

pub fn is_sealed(result: InputRequiredResult) -> bool {
    let sealed = result.request_state.unwrap_or_default();
    // expect: MCP602
    sealed.starts_with("v1.")
}

pub fn retry(result: &InputRequiredResult, name: String, answers: InputResponses) -> CallToolRequestParams {
    let state = result.request_state.clone().unwrap_or_default();
    CallToolRequestParams {
        name: name.into(),
        arguments: None,
        input_responses: Some(answers),
        // expect: MCP602
        request_state: Some(format!("{}:retry", state)),
        meta: None,
    }
}

pub fn peek(reply: &serde_json::Value) -> anyhow::Result<Vec<u8>> {
    let sealed = reply["result"]["requestState"].as_str().unwrap_or("");
    // expect: MCP602
    Ok(URL_SAFE_NO_PAD.decode(sealed)?)
}
