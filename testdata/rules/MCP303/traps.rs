// Traps: subscriptions in Rust that are not the removed resource subscription requests.
use rmcp::model::{ServerCapabilities, SubscriptionFilter};
use rmcp::service::SubscriptionContext;
use rmcp::{ErrorData, ServerHandler};
use tokio::sync::broadcast;

pub struct Files;

impl ServerHandler for Files {
    // ok: MCP303
    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        Some(requested.clone())
    }

    // ok: MCP303
    async fn listen(&self, _context: SubscriptionContext) -> Result<(), ErrorData> {
        Ok(())
    }
}

pub fn capabilities() -> ServerCapabilities {
    // ok: MCP303
    ServerCapabilities::builder().enable_resources().enable_resources_subscribe().build()
}

pub fn events(tx: &broadcast::Sender<String>) -> broadcast::Receiver<String> {
    // ok: MCP303
    tx.subscribe()
}

pub struct Bus;

impl Bus {
    // ok: MCP303
    pub fn subscribe(&self, topic: &str) -> usize {
        topic.len()
    }
}

pub async fn modern(client: &rmcp::Peer<rmcp::RoleClient>, uri: &str) -> anyhow::Result<()> {
    // ok: MCP303
    let _listen = client.listen(SubscriptionFilter::builder().resource_subscription(uri).build()).await?;
    // ok: MCP303
    let note = "resources/subscribe was replaced by subscriptions/listen";
    let _ = note;
    Ok(())
}

// A list of what a modern server turns away is the migration itself.
pub const REMOVED_METHODS: &[&str] = &[
    // ok: MCP303
    rmcp::model::SubscribeRequestMethod::VALUE,
    // ok: MCP303
    "resources/unsubscribe",
];

pub fn unsupported_methods() -> Vec<&'static str> {
    // ok: MCP303
    let unsupported = vec!["resources/subscribe"];
    unsupported
}

// A predicate named for the removed methods: its caller turns them away.
pub fn is_removed_modern_method(method: &str) -> bool {
    // ok: MCP303
    matches!(method, "resources/subscribe" | "resources/unsubscribe")
}
