// Fixture: roots change notifications in Rust (rmcp client and server, raw JSON-RPC).
use rmcp::model::{ClientCapabilities, ClientNotification, RootsCapabilities};
use rmcp::service::{NotificationContext, RoleServer, RunningService};
use rmcp::{RoleClient, ServerHandler};
use serde_json::json;

pub fn capabilities() -> ClientCapabilities {
    // expect: MCP304
    ClientCapabilities::builder().enable_roots().enable_roots_list_changed().build()
}

pub fn by_hand() -> ClientCapabilities {
    ClientCapabilities {
        // expect: MCP304
        roots: Some(RootsCapabilities { list_changed: Some(true) }),
        ..Default::default()
    }
}

pub async fn folder_opened(client: &RunningService<RoleClient, ()>) -> anyhow::Result<()> {
    // expect: MCP304
    client.notify_roots_list_changed().await?;
    Ok(())
}

pub fn raw() -> serde_json::Value {
    // expect: MCP304
    json!({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"})
}

pub fn is_roots_change(n: &ClientNotification) -> bool {
    // expect: MCP304
    matches!(n, ClientNotification::RootsListChangedNotification(_))
}

pub struct Workspace;

impl ServerHandler for Workspace {
    // expect: MCP304
    async fn on_roots_list_changed(&self, _context: NotificationContext<RoleServer>) {}
}
