// An axum endpoint that parses JSON-RPC itself and matches on the method.
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
pub struct RpcRequest {
    id: Value,
    method: String,
    params: Option<Value>,
}

pub async fn handle_rpc(Json(req): Json<RpcRequest>) -> Json<Value> {
    // expect: MCP202
    let result = match req.method.as_str() {
        // expect: MCP403, MCP404
        "resources/list" => json!({"resources": [{"uri": "ledger://invoices", "name": "invoices"}]}),
        // expect: MCP403, MCP404
        "resources/read" => json!({"contents": [{"uri": req.params.as_ref().map(|p| p["uri"].clone()), "text": "[]"}]}),
        _ => Value::Null,
    };
    Json(json!({"jsonrpc": "2.0", "id": req.id, "result": result}))
}
