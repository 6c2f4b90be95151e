// Traps: complete hints, non-cacheable methods, input_required, SDK types and builders.
use rmcp::model::{CacheScope, ListToolsResult, ReadResourceResult};
use serde_json::{json, Value};

pub fn dispatch(method: &str, tools: &[Value]) -> Option<Value> {
    // expect: MCP202
    match method {
        // ok: MCP404
        "tools/list" => Some(json!({ "resultType": "complete", "tools": tools, "ttlMs": 60000, "cacheScope": "public" })),
        // ok: MCP404
        "tools/call" => Some(json!({ "resultType": "complete", "content": [] })),
        // ok: MCP404
        "resources/read" => Some(json!({ "resultType": "input_required", "inputRequests": {}, "requestState": "s" })),
        // ok: MCP404
        // expect: MCP201, MCP204
        "initialize" => Some(json!({ "resultType": "complete", "protocolVersion": "2025-11-25", "capabilities": {} })),
        _ => None,
    }
}

pub fn typed(tools: Vec<rmcp::model::Tool>) -> ListToolsResult {
    // ok: MCP404
    ListToolsResult { tools, next_cursor: None, ..Default::default() }
}

pub fn built(contents: Vec<rmcp::model::ResourceContents>) -> ReadResourceResult {
    // ok: MCP404
    ReadResourceResult::new(contents).with_ttl_ms(30_000).with_cache_scope(CacheScope::Private)
}

pub fn ack(id: Value) -> Value {
    // ok: MCP404
    json!({ "jsonrpc": "2.0", "id": id, "result": { "resultType": "complete" } })
}
