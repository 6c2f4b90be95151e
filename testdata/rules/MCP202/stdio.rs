// A hand-rolled stdio server: a match on the method with json! results.
use serde_json::{json, Value};

pub fn dispatch(id: Value, method: &str, params: &Value) -> Value {
    // expect: MCP202
    match method {
        // expect: MCP403, MCP404
        "tools/list" => json!({"jsonrpc": "2.0", "id": id, "result": {"tools": []}}),
        // expect: MCP403
        "tools/call" => json!({"jsonrpc": "2.0", "id": id, "result": {"content": [{"type": "text", "text": params["name"]}]}}),
        _ => json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "Method not found"}}),
    }
}
