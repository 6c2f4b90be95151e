// No modern path anywhere: a `cfg` gate is still an era check (the legacy build is one of two),
// so what it gates is a note under --target dual; a folder named `legacy` is not.
use serde_json::{json, Value};

#[cfg(feature = "legacy-spec")]
pub fn quota(id: Value) -> Value {
    // expect: MCP402
    // expect-dual: MCP402=note
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32050, "message": "quota" } })
}

pub fn serve(id: Value, method: &str) -> Option<Value> {
    match method {
        // expect: MCP403, MCP404
        "tools/list" => Some(json!({ "jsonrpc": "2.0", "id": id, "result": { "tools": [] } })),
        _ => None,
    }
}
