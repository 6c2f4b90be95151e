use std::sync::Arc;

use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    model::*,
    service::{NotificationContext, RequestContext},
    tool, tool_handler, tool_router, ErrorData as McpError, RoleServer, ServerHandler,
};

use crate::fleet::{Fleet, VehicleArgs};

#[derive(Clone)]
pub struct FleetServer {
    fleet: Arc<Fleet>,
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl FleetServer {
    pub fn new(fleet: Arc<Fleet>) -> Self {
        Self { fleet, tool_router: Self::tool_router() }
    }

    #[tool(description = "Current status, depot and odometer of one vehicle", annotations(read_only_hint = true))]
    async fn vehicle_status(&self, Parameters(args): Parameters<VehicleArgs>) -> Result<CallToolResult, McpError> {
        match self.fleet.describe(&args.vehicle) {
            Some(line) => Ok(CallToolResult::success(vec![ContentBlock::text(line)])),
            None => Err(McpError::invalid_params(format!("no vehicle {}", args.vehicle), None)),
        }
    }
}

#[tool_handler]
impl ServerHandler for FleetServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("fleet-status", "2.0.0"))
            .with_instructions("Look up vehicles by fleet number.")
    }

    // The dispatch-board terminals still run a 2025 client that sends `initialize` and pings
    // every 30 seconds; these overrides exist only for them. 2026-07-28 requests never reach
    // them: rmcp routes those by their `_meta` and answers `server/discover` itself.
    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        if let Some(previous) = context.peer.peer_info() {
            tracing::debug!(client = %previous.client_info.name, "2025-era client re-initialized");
        }
        tracing::info!(client = %request.client_info.name, "2025-era client connected");
        context.peer.set_peer_info(request);
        Ok(self.get_info())
    }

    async fn on_initialized(&self, _context: NotificationContext<RoleServer>) {
        tracing::debug!("2025-era handshake complete");
    }

    async fn ping(&self, _context: RequestContext<RoleServer>) -> Result<(), McpError> {
        Ok(())
    }
}
