// A smoke test that posts the handshake by hand, with no SDK in sight: the envelope itself, an
// `initialize` whose params carry a `protocolVersion`, says the file speaks MCP.
pub async fn probe(client: &reqwest::Client, url: &str, requested: &str) -> reqwest::Result<u16> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": 1,
        // expect: MCP201
        "method": "initialize",
        "params": {"protocolVersion": requested, "capabilities": {}, "clientInfo": {"name": "smoke", "version": "1.0.0"}}
    });
    Ok(client.post(url).json(&body).send().await?.status().as_u16())
}
