// A ping that is a statement of its own is removed with its line (unsafe: it no longer fails there).
use rmcp::service::{RoleClient, RunningService};

pub async fn refresh(client: &RunningService<RoleClient, ()>) -> anyhow::Result<usize> {
    client.ping().await?;
    let tools = client.list_all_tools().await?;
    Ok(tools.len())
}
