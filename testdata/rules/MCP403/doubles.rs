// Test doubles in Rust: `#[cfg(test)]` fakes play a 2025 or a 2026-07-28 server.
use serde_json::{json, Value};

pub fn real_dispatch(id: Value, method: &str) -> Option<Value> {
    match method {
        // Production code owes the fields whatever era it answers.
        // expect: MCP403, MCP404
        "tools/list" => Some(json!({ "jsonrpc": "2.0", "id": id, "result": { "tools": [] } })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legacy_server(id: Value, method: &str) -> Value {
        match method {
            // A 2025 server double: what clients must still accept.
            // ok: MCP403, MCP404
            "tools/list" => json!({ "jsonrpc": "2.0", "id": id, "result": { "tools": [] } }),
            // ok: MCP402
            _ => json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32050, "message": "quota" } }),
        }
    }

    fn modern_server(id: Value, method: &str) -> Value {
        match method {
            "server/discover" => json!({ "jsonrpc": "2.0", "id": id, "result": {
                "resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {},
                "ttlMs": 0, "cacheScope": "public"
            } }),
            // expect: MCP403, MCP404
            "tools/list" => json!({ "jsonrpc": "2.0", "id": id, "result": { "tools": [] } }),
            // expect: MCP402
            _ => json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32050, "message": "quota" } }),
        }
    }

    #[tokio::test]
    async fn does_not_follow_the_redirect() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            // A double asserted never to be reached.
            // ok: MCP403, MCP404
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "jsonrpc": "2.0", "id": 1, "result": { "tools": [], "supportedVersions": ["2026-07-28"] } })))
            .expect(0)
            .mount(&server)
            .await;
        let _ = (legacy_server(json!(1), "x"), modern_server(json!(1), "y"));
    }
}
