// Capability tests become presence tests, and a subscription is guarded by `subscribe`.
use rmcp::model::{ServerCapabilities, SubscribeRequestParams};
use rmcp::service::{RoleClient, RunningService};
use serde_json::Value;

pub fn raw_checks(init: &Value) -> (bool, bool, bool) {
    let caps = &init["capabilities"];
    let resources = caps["resources"].as_object().map_or(false, |o| !o.is_empty());
    let tools = caps.get("tools").and_then(Value::as_bool).unwrap_or(false);
    let prompts = caps["prompts"].as_bool().unwrap_or(false);
    (resources, tools, prompts)
}

pub async fn typed(client: &RunningService<RoleClient, ()>, uri: String) -> anyhow::Result<()> {
    let Some(info) = client.peer_info() else { return Ok(()) };
    let caps: &ServerCapabilities = &info.capabilities;
    if caps.resources.is_some() {
        client.subscribe(SubscribeRequestParams::new(uri)).await?;
    }
    if caps.tools.as_ref().and_then(|t| t.list_changed).unwrap_or(false) {
        let tools = client.list_all_tools().await?;
        println!("{} tools", tools.len());
    }
    Ok(())
}
