// Fixture: a raw client that does not read an absent resultType as "complete" (Rust).
use serde_json::{json, Value};

pub fn call_body(id: u64, name: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": { "name": name } })
}

pub async fn call(http: &reqwest::Client, url: &str, body: &Value) -> anyhow::Result<Value> {
    let reply: Value = http.post(url).json(body).send().await?.json().await?;
    let result = reply["result"].clone();
    // expect: MCP403
    match result["resultType"].as_str() {
        Some("complete") => Ok(result),
        Some("input_required") => anyhow::bail!("input needed"),
        _ => anyhow::bail!("unknown result type"),
    }
}

pub async fn finished(http: &reqwest::Client, url: &str, body: &Value) -> anyhow::Result<bool> {
    let reply: Value = http.post(url).json(body).send().await?.json().await?;
    // expect: MCP403
    Ok(reply["result"].get("resultType").and_then(Value::as_str) == Some("complete"))
}
