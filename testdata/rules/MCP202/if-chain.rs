// An if chain on the method.
use serde_json::{json, Value};

pub struct Message {
    pub id: u64,
    pub method: String,
}

pub fn answer(msg: &Message) -> Option<Value> {
    // expect: MCP202
    if msg.method == "prompts/list" {
        // expect: MCP403, MCP404
        return Some(json!({"prompts": [{"name": "summarize"}]}));
    }
    if msg.method == "prompts/get" {
        // expect: MCP403
        return Some(json!({"messages": [{"role": "user", "content": {"type": "text", "text": "Summarize"}}]}));
    }
    None
}
