// Rust servers and clients that still do the 2025 handshake (rmcp, rust-mcp-sdk, raw JSON-RPC).
use rmcp::model::{ClientNotification, ClientRequest, InitializeRequestParams, InitializeResult, InitializedNotification};
use rmcp::service::{NotificationContext, RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler};
use serde_json::{json, Value};
use tokio::sync::Mutex;

pub struct Files {
    client_caps: Mutex<Option<rmcp::model::ClientCapabilities>>,
}

impl ServerHandler for Files {
    // expect: MCP201
    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        // expect: MCP201
        *self.client_caps.lock().await = Some(request.capabilities.clone());
        let info = request.client_info.clone(); // ok: MCP201
        tracing::info!(client = ?info, "handshake");
        // expect: MCP201
        let peer = context.peer.peer_info();
        tracing::debug!(?peer);
        Ok(self.get_info())
    }

    // expect: MCP201
    async fn on_initialized(&self, _context: NotificationContext<RoleServer>) {
        tracing::info!("client ready");
    }
}

pub fn dispatch(id: u64, method: &str, params: &Value) -> Value {
    match method {
        // The result of a removed method owes no `resultType`: the method itself is the finding.
        // expect: MCP201
        // ok: MCP403
        "initialize" => json!({"jsonrpc": "2.0", "id": id, "result": {"protocolVersion": params["protocolVersion"], "capabilities": {}}}),
        // expect: MCP201
        "notifications/initialized" => Value::Null,
        _ => json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "Method not found"}}),
    }
}

pub fn hello(version: &str) -> Value {
    // expect: MCP201
    json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": version}})
}

pub async fn manual_handshake(peer: &rmcp::Peer<rmcp::RoleClient>, params: InitializeRequestParams) {
    // expect: MCP201
    let _ = peer.send_request(ClientRequest::InitializeRequest(rmcp::model::Request::new(params))).await;
    // expect: MCP201
    let _ = peer.notify_initialized().await;
    // expect: MCP201
    let _ = ClientNotification::InitializedNotification(InitializedNotification::default());
}

pub struct Legacy;

impl Legacy {
    // expect: MCP201
    pub async fn handle_initialize_request(&self) {}

    pub async fn ready(&self, server: &rust_mcp_sdk::McpServer) {
        // expect: MCP201
        server.wait_for_initialization().await;
    }
}

pub struct Traced {
    versions: Mutex<Vec<rmcp::model::ProtocolVersion>>,
}

impl ServerHandler for Traced {
    // A tracing span's fields name the client; the attribute stores nothing.
    // ok: MCP201
    #[tracing::instrument(skip_all, fields(app.client_name = request.client_info.name, app.client_version = request.client_info.version))]
    // expect: MCP201
    async fn initialize(
        &self,
        request: InitializeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        let mut info = self.get_info();
        // The result being built and returned, not state kept for the connection.
        info.protocol_version = request.protocol_version.clone(); // ok: MCP201
        // expect: MCP201
        self.versions.lock().await.push(request.protocol_version.clone());
        Ok(info)
    }
}
