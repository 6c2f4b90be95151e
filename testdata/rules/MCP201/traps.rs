// Traps: "initialize" and handshake-shaped names that are not the removed handshake.
use rmcp::model::{ClientInfo, ProtocolVersion};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ServiceExt};

pub struct Db;

impl Db {
    // ok: MCP201
    pub fn initialize(&self) -> Result<(), std::io::Error> {
        Ok(())
    }
}

pub struct Client;
impl ClientHandler for Client {}

pub async fn connect(transport: TokioChildProcess) -> anyhow::Result<()> {
    // ok: MCP201
    let client = ClientInfo::default().serve(transport).await?;
    // ok: MCP201
    let server = client.peer_info();
    tracing::info!(?server, "connected");
    // ok: MCP201
    let version = ProtocolVersion::V_2026_07_28;
    let _ = version;
    Ok(())
}

pub fn phase(step: &str) -> &'static str {
    match step {
        // ok: MCP201
        "initialize" => "setting up",
        _ => "running",
    }
}

pub fn log_line() -> String {
    // ok: MCP201
    String::from("initialize is gone in 2026-07-28")
}

pub fn discover() -> serde_json::Value {
    // ok: MCP201
    serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "server/discover"})
}

pub struct Settings {
    pub capabilities: Vec<String>,
}

impl Settings {
    // ok: MCP201
    pub fn initialize(&mut self, request: Settings) {
        // ok: MCP201
        self.capabilities = request.capabilities;
    }
}
