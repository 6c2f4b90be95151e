// Traps: LSP's initialize, in a file that speaks no MCP.
pub fn lsp_initialize(root_uri: &str) -> serde_json::Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": 1,
        // ok: MCP201
        "method": "initialize",
        "params": {"processId": 42, "rootUri": root_uri, "capabilities": {}}
    })
}
