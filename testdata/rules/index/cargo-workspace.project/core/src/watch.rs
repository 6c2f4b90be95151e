//! Wrappers that send a removed request through a request value they build, and a type with a
//! method of the same name that sends nothing.
use serde_json::json;

pub struct Request {
    pub method: String,
    pub params: serde_json::Value,
}

pub struct Peer;

impl Peer {
    pub async fn send_request(&self, _request: Request) -> Result<(), String> {
        Ok(())
    }
}

pub struct ResourceWatch {
    peer: Peer,
}

impl ResourceWatch {
    /// Asks the server to notify this client when the resource changes.
    pub async fn subscribe(&self, uri: &str) -> Result<(), String> {
        // expect: MCP303
        // expect-dual: MCP303=note
        let request = Request { method: "resources/subscribe".to_string(), params: json!({ "uri": uri }) };
        self.peer.send_request(request).await
    }

    /// Asks the server to stop.
    pub async fn unsubscribe(&self, uri: &str) -> Result<(), String> {
        // expect: MCP303
        // expect-dual: MCP303=note
        self.peer.send_request(Request { method: "resources/unsubscribe".into(), params: json!({ "uri": uri }) }).await
    }
}

/// The resources a user has starred; the server keeps them for its own pages.
pub struct Bookmarks {
    uris: Vec<String>,
}

impl Bookmarks {
    /// Remembers a resource; sends nothing.
    pub async fn subscribe(&mut self, uri: &str) -> Result<(), String> {
        self.uris.push(uri.to_string());
        Ok(())
    }
}
