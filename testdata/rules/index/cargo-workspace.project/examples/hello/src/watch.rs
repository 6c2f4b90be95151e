use acme_mcp::subscriptions::{Client, Subscriptions};

/// A client built through its builder: the call is the client's, which sends a removed request.
pub async fn watch(uri: &str) -> Result<(), String> {
    let mut client = Client::new().with_name("hello");
    // expect: MCP303
    // expect-dual: MCP303=note
    client.subscribe_to_resource(uri).await
}

/// The same method name on the subscription set, which sends nothing.
pub fn remember(uri: &str) -> usize {
    let mut wanted = Subscriptions::new();
    // ok: MCP303
    wanted.subscribe_to_resource(uri);
    1
}
