// Traps: ping that is not the MCP request.
/// Sends `ping` to the server (doc comment).
pub fn docs() {}

pub async fn health(redis: &mut redis::aio::MultiplexedConnection) -> redis::RedisResult<String> {
    // ok: MCP301
    redis::cmd("PING").query_async(redis).await
}

pub fn words() -> Vec<&'static str> {
    // ok: MCP301
    let tool = "ping";
    // ok: MCP301
    let text = "ping the on-call engineer";
    vec![tool, text]
}

pub struct Pinger;

impl Pinger {
    // ok: MCP301
    pub fn ping(&self) -> &'static str {
        "pong"
    }
}

pub fn tool_name(name: &str) -> bool {
    // ok: MCP301
    name == "ping"
}

pub fn kind() -> serde_json::Value {
    // ok: MCP301
    serde_json::json!({"type": "ping"})
}

// A WebSocket transport's ping interval schedules WebSocket ping frames, not MCP `ping`.
mod ws {
    use pmcp::WebSocketConfig;

    pub fn websocket() -> WebSocketConfig {
        WebSocketConfig {
            url: "ws://localhost:3000/mcp".parse().expect("url"),
            // ok: MCP301
            ping_interval: Some(std::time::Duration::from_secs(30)),
            ..Default::default()
        }
    }
}

// A server that turns the removed requests away behaves as 2026-07-28 wants.
pub fn route(method: &str) -> Result<serde_json::Value, rmcp::ErrorData> {
    // ok: MCP301
    if matches!(method, "ping" | "notifications/initialized") {
        return Err(rmcp::ErrorData::method_not_found::<rmcp::model::PingRequestMethod>());
    }
    // A branch that answers the request still serves it.
    // expect: MCP301
    if method == "ping" {
        // The result of a removed method owes no `resultType`: the method itself is the finding.
        // ok: MCP403
        return Ok(serde_json::json!({}));
    }
    Ok(serde_json::Value::Null)
}

// The word "ping" handed to things that are not JSON-RPC: a process, a socket, a CLI command
// attribute, a word game.
pub fn not_rpc(ws: &mut WebSocket) -> std::io::Result<()> {
    // ok: MCP301
    std::process::Command::new("ping").arg("-c1").status()?;
    // ok: MCP301
    ws.send("ping");
    // ok: MCP301
    let reply = String::from("ping");
    let _ = matches!(reply.as_str(), "ping" | "pong");
    Ok(())
}

// ok: MCP301
#[command(name = "ping")]
fn cli_ping() {}

pub fn words(w: &str) -> u8 {
    match w {
        // ok: MCP301
        "ping" => 1,
        "pong" => 2,
        _ => 0,
    }
}
