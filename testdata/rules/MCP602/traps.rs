// Traps: sealed and verified state, echoing it untouched, and other state.
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rmcp::model::{CallToolRequestParams, InputRequiredResult, InputResponses, RequestStateCodec};
use serde::Deserialize;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

#[derive(Deserialize, serde::Serialize)]
pub struct Step {
    pub n: u32,
}

pub fn open(codec: &RequestStateCodec, params: &CallToolRequestParams) -> Option<Step> {
    let sealed = params.request_state.as_deref()?;
    // ok: MCP602
    codec.open_json::<Step>(sealed).ok()
}

pub fn hand_rolled(key: &[u8], params: &CallToolRequestParams) -> anyhow::Result<Step> {
    let state = params.request_state.as_deref().unwrap_or_default();
    let (body, sig) = state.split_once('.').ok_or_else(|| anyhow::anyhow!("malformed"))?;
    let mut mac = HmacSha256::new_from_slice(key)?;
    mac.update(body.as_bytes());
    mac.verify_slice(&STANDARD.decode(sig)?)?;
    // ok: MCP602
    Ok(serde_json::from_slice(&STANDARD.decode(body)?)?)
}

pub fn retry(result: &InputRequiredResult, answers: InputResponses) -> CallToolRequestParams {
    CallToolRequestParams {
        name: "book".into(),
        arguments: None,
        input_responses: Some(answers),
        // ok: MCP602
        request_state: result.request_state.clone(),
        meta: None,
    }
}

pub fn mint(codec: &RequestStateCodec, step: &Step) -> anyhow::Result<InputRequiredResult> {
    // ok: MCP602
    Ok(InputRequiredResult::new(None, Some(codec.seal_json(step)?)))
}

pub fn has_state(result: &InputRequiredResult) -> bool {
    // ok: MCP602
    tracing::debug!(state = ?result.request_state, "input required");
    // ok: MCP602
    result.request_state.is_some()
}

pub struct Config {
    pub state: String,
}

pub fn load(config: &Config) -> Option<Step> {
    // ok: MCP602
    serde_json::from_str(&config.state).ok()
}

// A retry loop that keeps the server's last state in an `Option` and moves it out each round.
pub async fn call_until_complete(client: &Client, name: &str) -> anyhow::Result<CallToolResult> {
    let mut input_responses = None;
    let mut request_state = None;
    loop {
        let params = CallToolRequestParams {
            name: name.into(),
            arguments: None,
            input_responses: input_responses.take(),
            // ok: MCP602
            request_state: request_state.take(),
            meta: None,
        };
        match client.call_tool(params).await? {
            Outcome::Complete(result) => return Ok(result),
            Outcome::InputRequired(required) => {
                input_responses = Some(answer(required.input_requests).await?);
                request_state = required.request_state;
            }
        }
    }
}
