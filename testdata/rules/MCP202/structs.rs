// A match whose arms build typed results.
pub struct ListToolsResult {
    pub tools: Vec<String>,
}
pub struct CallToolResult {
    pub content: Vec<String>,
    pub is_error: bool,
}
pub enum Reply {
    Tools(ListToolsResult),
    Call(CallToolResult),
    Unknown,
}

pub fn route(method: &str) -> Reply {
    // expect: MCP202
    match method {
        "tools/list" => Reply::Tools(ListToolsResult { tools: vec!["grep".into()] }),
        "tools/call" => Reply::Call(CallToolResult { content: vec![], is_error: false }),
        _ => Reply::Unknown,
    }
}
