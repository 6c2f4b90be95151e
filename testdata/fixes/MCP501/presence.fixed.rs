// Capability tests become presence tests, and a subscription is guarded by `subscribe`.
use rmcp::model::{ServerCapabilities, SubscribeRequestParams};
use rmcp::service::{RoleClient, RunningService};
use serde_json::Value;

pub fn raw_checks(init: &Value) -> (bool, bool, bool) {
    let caps = &init["capabilities"];
    let resources = caps["resources"].as_object().is_some();
    let tools = caps.get("tools").is_some();
    let prompts = !caps["prompts"].is_null();
    (resources, tools, prompts)
}

pub async fn typed(client: &RunningService<RoleClient, ()>, uri: String) -> anyhow::Result<()> {
    let Some(info) = client.peer_info() else { return Ok(()) };
    let caps: &ServerCapabilities = &info.capabilities;
    if caps.resources.as_ref().is_some_and(|r| r.subscribe == Some(true)) {
        client.subscribe(SubscribeRequestParams::new(uri)).await?;
    }
    if caps.tools.is_some() {
        let tools = client.list_all_tools().await?;
        println!("{} tools", tools.len());
    }
    Ok(())
}
