// Traps: correct readings of capabilities in Rust, and emptiness of other things.
use rmcp::model::{ReadResourceRequestParams, SubscribeRequestParams};
use rmcp::service::{Peer, RoleClient};
use serde_json::Value;

pub async fn correct(peer: &Peer<RoleClient>, uri: String, items: &[String]) -> anyhow::Result<()> {
    let Some(info) = peer.peer_info() else { return Ok(()) };
    let caps = &info.capabilities;
    // ok: MCP501
    if caps.resources.is_some() {
        peer.read_resource(ReadResourceRequestParams::new(uri.clone())).await?;
    }
    // ok: MCP501
    if caps.resources.as_ref().and_then(|r| r.subscribe).unwrap_or(false) {
        // expect: MCP303
        peer.subscribe(SubscribeRequestParams::new(uri.clone())).await?;
    }
    // ok: MCP501
    if let Some(resources) = &caps.resources {
        if resources.subscribe == Some(true) {
            // expect: MCP303
            peer.subscribe(SubscribeRequestParams::new(uri.clone())).await?;
        }
    }
    // A list-changed listener where the server sends list changes: the correct use.
    // ok: MCP501
    if caps.tools.as_ref().and_then(|t| t.list_changed).unwrap_or(false) {
        println!("will refresh on tools/list_changed");
    }
    // ok: MCP501
    if !items.is_empty() {
        println!("{}", items.len());
    }
    Ok(())
}

pub fn raw(init: &Value, config: &Value) -> (bool, bool, bool) {
    let caps = &init["capabilities"];
    // ok: MCP501
    let has_tools = caps.get("tools").is_some();
    // ok: MCP501
    let has_resources = !caps["resources"].is_null();
    // Emptiness of an unrelated object.
    // ok: MCP501
    let configured = config["tools"].as_object().map_or(false, |o| !o.is_empty());
    (has_tools, has_resources, configured)
}

pub fn flags(init: &Value) -> bool {
    // A boolean sub-feature read as a boolean.
    // ok: MCP501
    init["capabilities"]["resources"]["subscribe"].as_bool().unwrap_or(false)
}

pub fn arguments(args: &serde_json::Map<String, Value>) -> bool {
    // ok: MCP501
    args.get("tools").and_then(Value::as_bool).unwrap_or(false)
}
