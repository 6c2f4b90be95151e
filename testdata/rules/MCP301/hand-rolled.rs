// A server and client written without an SDK: the method name reaches the wire through
// constructors, registrations, conversions and `matches!`.
use serde_json::{json, Value};

pub struct Request {
    pub method: String,
}

impl Request {
    pub fn new(id: u64, method: &str, params: Option<Value>) -> Self {
        let _ = (id, params);
        Request { method: method.to_string() }
    }
}

pub fn build() -> Vec<Request> {
    // expect: MCP301
    vec![Request::new(1, "ping", None)]
}

pub async fn probe(transport: &Transport) -> Result<Value, Error> {
    // expect: MCP301
    transport.request("ping", None).await
}

pub fn register(app: &mut App) {
    // expect: MCP301
    app.map_handler("ping", on_ping);
    app.map_handler("tools/list", on_list);
}

pub fn classify(method: &str) -> bool {
    // expect: MCP301
    matches!(method, "ping" | "tools/list")
}

pub fn message(id: u64) -> Message {
    // expect: MCP301
    Message { id, method: "ping".to_string(), params: None }
}

// expect: MCP301
#[handler(command = "ping")]
async fn ping_handler() {}

pub fn route(kind: &str) -> u8 {
    match kind {
        // expect: MCP301
        "ping" => 0,
        "tools/list" => 1,
        _ => 2,
    }
}
