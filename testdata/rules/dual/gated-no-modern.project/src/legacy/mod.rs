// A folder named `legacy` in a project with no modern path says nothing about eras.
use rmcp::model::ErrorData;
use serde_json::{json, Value};

pub type Error = ErrorData;

pub fn quota(id: Value) -> Value {
    // expect: MCP402
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32051, "message": "quota" } })
}
