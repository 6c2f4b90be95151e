// Traps: results that carry resultType, SDK-built results, errors, requests, assertions.
use rmcp::model::{CallToolResult, ErrorData};
use rmcp::tool;
use serde_json::{json, Value};

pub fn dispatch(id: Value, method: &str, tool_name: &str) -> Value {
    match method {
        // ok: MCP403
        "tools/call" => json!({ "jsonrpc": "2.0", "id": id, "result": { "resultType": "complete", "content": [] } }),
        // ok: MCP403
        // expect: MCP201
        "notifications/initialized" => json!({}),
        // ok: MCP403
        _ => json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32601, "message": "Method not found" } }),
    }
}

pub fn tool_switch(tool_name: &str) -> Value {
    match tool_name {
        // ok: MCP403
        "add" => json!({ "content": [] }),
        _ => Value::Null,
    }
}

#[tool(description = "Echo the text back", annotations(read_only_hint = true))]
pub async fn echo(text: String) -> Result<CallToolResult, ErrorData> {
    // ok: MCP403
    Ok(CallToolResult::success(vec![]))
}

pub fn request() -> Value {
    // ok: MCP403
    json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {} })
}

pub fn check(reply: Value) {
    // ok: MCP403
    assert_eq!(reply, json!({ "jsonrpc": "2.0", "id": 1, "result": { "tools": [] } }));
}

pub async fn lenient(http: &reqwest::Client, url: &str) -> anyhow::Result<bool> {
    let reply: Value = http.post(url).send().await?.json().await?;
    // ok: MCP403
    let done = reply["result"]["resultType"].as_str().unwrap_or("complete") == "complete";
    // ok: MCP403
    match reply["result"]["resultType"].as_str() {
        Some("complete") | None => Ok(done),
        _ => Ok(false),
    }
}

// An expectation kept in a variable that only assertions use.
pub fn check_frame(frame: serde_json::Value) {
    // ok: MCP403
    let expected = serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "hi"}]}});
    assert_eq!(frame, expected);
}
