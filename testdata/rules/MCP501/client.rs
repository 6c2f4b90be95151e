// Fixture: capability objects read wrongly in Rust (rmcp clients and raw JSON).
use rmcp::model::{ReadResourceRequestParams, ServerCapabilities, SubscribeRequestParams};
use rmcp::service::{Peer, RoleClient, RunningService};
use serde_json::Value;

pub fn raw_checks(init: &Value) -> (bool, bool, bool) {
    let caps = &init["capabilities"];
    // expect: MCP501
    let resources = caps["resources"].as_object().map_or(false, |o| !o.is_empty());
    // expect: MCP501
    let tools = caps.get("tools").and_then(Value::as_bool).unwrap_or(false);
    // expect: MCP501
    let prompts = caps["prompts"].as_bool().unwrap_or(false);
    (resources, tools, prompts)
}

pub fn more_raw(result: &Value) -> bool {
    let server_capabilities = &result["capabilities"];
    // expect: MCP501
    let logging = server_capabilities.get("logging").and_then(|v| v.as_bool()).unwrap_or(false);
    // expect: MCP501
    let completions = server_capabilities["completions"].as_object().is_some_and(|o| o.len() > 0);
    logging && completions
}

pub async fn follow(client: &RunningService<RoleClient, ()>, uri: String) -> anyhow::Result<()> {
    let Some(info) = client.peer_info() else { return Ok(()) };
    let caps = &info.capabilities;
    // expect: MCP501
    if caps.resources.is_some() {
        // expect: MCP303
        client.peer().subscribe(SubscribeRequestParams::new(uri.clone())).await?;
    }
    // expect: MCP501
    if let Some(_resources) = &caps.resources {
        // expect: MCP303
        client.subscribe(SubscribeRequestParams::new(uri.clone())).await?;
    }
    // expect: MCP501
    if caps.tools.as_ref().and_then(|t| t.list_changed).unwrap_or(false) {
        let tools = client.list_all_tools().await?;
        println!("{} tools", tools.len());
    }
    Ok(())
}

pub fn from_type(capabilities: &ServerCapabilities) -> bool {
    // expect: MCP501
    let has_prompts = capabilities.prompts.as_ref().and_then(|p| p.list_changed).unwrap_or(false);
    has_prompts
}

pub async fn peer_side(peer: &Peer<RoleClient>, uri: String) -> anyhow::Result<()> {
    if let Some(info) = peer.peer_info() {
        // expect: MCP501
        if info.capabilities.resources.is_some() && !uri.is_empty() {
            // expect: MCP303
            peer.subscribe(SubscribeRequestParams::new(uri)).await?;
        }
    }
    Ok(())
}

pub async fn reader(peer: &Peer<RoleClient>, uri: String) -> anyhow::Result<()> {
    let server_capabilities = peer.peer_info().map(|i| i.capabilities.clone()).unwrap_or_default();
    // `is_some()` guarding a read is the right test.
    // ok: MCP501
    if server_capabilities.resources.is_some() {
        peer.read_resource(ReadResourceRequestParams::new(uri)).await?;
    }
    Ok(())
}
