//! Two types with a method of the same name: the client's sends a removed request, the
//! subscription set's only records the wish.
use std::collections::HashSet;

pub struct Client {
    name: String,
}

impl Client {
    pub fn new() -> Self {
        Client { name: String::new() }
    }

    pub fn with_name(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }

    pub async fn subscribe_to_resource(&mut self, uri: &str) -> Result<(), String> {
        // expect: MCP303
        // expect-dual: MCP303=note
        self.command("resources/subscribe", uri).await
    }

    async fn command(&mut self, _method: &str, _uri: &str) -> Result<(), String> {
        Ok(())
    }
}

pub struct Subscriptions {
    uris: HashSet<String>,
}

impl Subscriptions {
    pub fn new() -> Self {
        Subscriptions { uris: HashSet::new() }
    }

    /// Records a subscription; sends nothing.
    pub fn subscribe_to_resource(&mut self, uri: &str) {
        self.uris.insert(uri.to_string());
    }
}
