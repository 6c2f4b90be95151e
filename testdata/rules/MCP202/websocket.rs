// A WebSocket server: the method is matched inside the message loop.
use serde_json::{json, Value};

pub async fn on_message(text: &str) -> Option<String> {
    let msg: Value = serde_json::from_str(text).ok()?;
    let id = msg["id"].clone();
    // expect: MCP202
    let result = match msg["method"].as_str()? {
        // expect: MCP403, MCP404
        "tools/list" => json!({"tools": []}),
        // expect: MCP403, MCP404
        "resources/list" => json!({"resources": []}),
        _ => return None,
    };
    Some(json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string())
}
