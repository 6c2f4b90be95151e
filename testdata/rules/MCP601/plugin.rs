// Fixture: a plugin that describes its tools with struct literals and dispatches by name.
use pdk::types::{CallToolRequest, CallToolResult, ListToolsResult, ToolDescription};
use serde_json::json;

pub fn call(input: CallToolRequest) -> CallToolResult {
    match input.params.name.as_str() {
        // Described below: the descriptor decides.
        // ok: MCP601
        "write_note" => todo!(),
        // ok: MCP601
        "notes_read_all" => todo!(),
        // Described nowhere: judged by its name, once however many dispatches name it.
        // expect: MCP601
        "purge_notes" => todo!(),
        _ => todo!(),
    }
}

pub fn describe() -> ListToolsResult {
    ListToolsResult {
        tools: vec![
            ToolDescription {
                // expect: MCP601
                name: "write_note".into(),
                description: "Write a note to disk".into(),
                input_schema: json!({ "type": "object", "properties": { "text": { "type": "string" } } })
                    .as_object()
                    .cloned()
                    .unwrap_or_default(),
            },
            ToolDescription {
                // The first verb of the name is a read.
                // ok: MCP601
                name: "notes_read_all".to_string(),
                description: "Execute a query over the notes".into(),
                input_schema: Default::default(),
            },
        ],
    }
}

pub fn second_dispatch(input: CallToolRequest) -> CallToolResult {
    match input.params.name.as_str() {
        // ok: MCP601
        "purge_notes" => todo!(),
        _ => todo!(),
    }
}
