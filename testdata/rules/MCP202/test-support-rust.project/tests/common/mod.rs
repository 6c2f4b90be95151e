// A fake server the client's integration tests talk to: it stands in for a server the project
// does not own, in the tests directory.
pub struct ListToolsResult {
    pub tools: Vec<String>,
}
pub struct CallToolResult {
    pub content: Vec<String>,
}
pub enum Reply {
    Tools(ListToolsResult),
    Call(CallToolResult),
    Unknown,
}

pub fn fake_server(method: &str) -> Reply {
    // ok: MCP202
    match method {
        "tools/list" => Reply::Tools(ListToolsResult { tools: vec!["grep".into()] }),
        "tools/call" => Reply::Call(CallToolResult { content: vec![] }),
        _ => Reply::Unknown,
    }
}
