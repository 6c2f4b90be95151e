// Traps: router changes at start-up and from watchers; look-alike calls inside tools.
use std::collections::HashMap;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolResult, ErrorData};
use rmcp::service::Peer;
use rmcp::{tool, tool_router, RoleServer};

pub struct Files {
    tool_router: ToolRouter<Files>,
    items: HashMap<String, String>,
    flags: Flags,
    route_table: Routes,
}

#[tool_router]
impl Files {
    pub fn new(admin: bool) -> Self {
        let mut tool_router = Self::tool_router();
        if !admin {
            // ok: MCP603
            tool_router.disable_route("purge");
        }
        Self { tool_router, items: HashMap::new(), flags: Flags::default(), route_table: Routes::default() }
    }

    #[tool(description = "Forget one item", annotations(idempotent_hint = true))]
    async fn forget(&mut self, id: String) -> Result<CallToolResult, ErrorData> {
        // ok: MCP603
        self.items.remove(&id);
        // ok: MCP603
        self.flags.enable("beta");
        // ok: MCP603
        self.route_table.remove_route(&id);
        Ok(CallToolResult::success(vec![]))
    }
}

pub fn watch(peer: Peer<RoleServer>, mut changes: tokio::sync::mpsc::Receiver<()>) {
    tokio::spawn(async move {
        while changes.recv().await.is_some() {
            // ok: MCP603
            let _ = peer.notify_tool_list_changed().await;
        }
    });
}

/// Call `enable_route` from a tool? No: lists must not change per connection.
pub fn doc() {
    // ok: MCP603
    let note = "self.tool_router.enable_route(name)";
    let _ = note;
}
