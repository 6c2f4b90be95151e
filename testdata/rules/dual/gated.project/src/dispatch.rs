// A dual-era server: the 2026-07-28 path answers `server/discover`; the 2025 profile is compiled
// only with the `legacy-spec` feature. Under --target dual what only legacy builds compile is a
// note in every rule; under --target modern it keeps its level.
use serde_json::{json, Value};

pub fn dispatch(id: Value, method: &str) -> Option<Value> {
    match method {
        "server/discover" => Some(json!({ "jsonrpc": "2.0", "id": id, "result": {
            "resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {},
            "ttlMs": 0, "cacheScope": "public"
        } })),
        _ => None,
    }
}

#[cfg(feature = "legacy-spec")]
pub mod tools {
    pub fn execution() -> serde_json::Value {
        // expect: MCP306
        // expect-dual: MCP306=note
        serde_json::json!({ "taskSupport": "required" })
    }
}

#[cfg(all(feature = "tasks", feature = "legacy-spec"))]
// expect: MCP307
// expect-dual: MCP307=note
pub const URL_ELICITATION_REQUIRED: i32 = -32042;

#[cfg(feature = "legacy-spec")]
pub fn quota(id: Value) -> Value {
    // expect: MCP402
    // expect-dual: MCP402=note
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32050, "message": "quota" } })
}

// The modern build still serialising the removed field is a finding under both targets.
#[cfg(not(feature = "legacy-spec"))]
pub fn execution() -> Value {
    // expect: MCP306
    json!({ "taskSupport": "optional" })
}

// Compiled into legacy builds and others alike: not gated.
#[cfg(any(feature = "legacy-spec", feature = "client"))]
pub fn client_quota(id: Value) -> Value {
    // expect: MCP402
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32051, "message": "quota" } })
}

pub fn refuse(app: &mut App, id: Value) {
    #[cfg(feature = "legacy-spec")]
    // expect: MCP402
    // expect-dual: MCP402=note
    app.reply(json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32053, "message": "busy" } }));
    if cfg!(feature = "legacy-spec") {
        // expect: MCP402
        // expect-dual: MCP402=note
        app.reply(json!({ "jsonrpc": "2.0", "id": id, "error": { "code": -32054, "message": "busy" } }));
    }
}

#[deprecated(note = "kept for 2025-11-25 peers only")]
// expect: MCP402
// expect-dual: MCP402=note
pub const QUOTA_ERROR_CODE: i32 = -32055;

#[deprecated(note = "use QUOTA_V2")]
// expect: MCP402
pub const OLD_QUOTA_ERROR_CODE: i32 = -32056;
