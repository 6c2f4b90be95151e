// A hand-written file: a remark against editing that comes after its first code is about that
// code, not a generated header, and each finding stands.
use serde_json::json;

pub const VERSION: u32 = 1;

// Do not edit the list below by hand: the docs are generated from it.
// expect: MCP306
pub const LIST: &str = "tasks/list";
// expect: MCP307
pub const COMPLETE: &str = "notifications/elicitation/complete";

pub fn body() -> serde_json::Value {
    // expect: MCP306
    json!({ "method": "tasks/result" })
}
