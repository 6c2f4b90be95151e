// Rust clients that open the GET event stream, and the old transports (notes).
use reqwest::header::ACCEPT;
use rmcp::transport::SseClientTransport;
use rust_mcp_sdk::mcp_server::HyperServerOptions;

pub async fn listen(client: &reqwest::Client, base: &str) -> reqwest::Result<reqwest::Response> {
    // expect: MCP104
    client.get(format!("{base}/mcp")).header(ACCEPT, "text/event-stream").send().await
}

pub async fn listen_url(client: &reqwest::Client, mcp_url: &str) -> reqwest::Result<reqwest::Response> {
    // expect: MCP104
    client.get(mcp_url).header("Accept", "text/event-stream").send().await
}

pub async fn listen_with_token(client: &reqwest::Client) -> reqwest::Result<reqwest::Response> {
    // expect: MCP104
    client.get(with_token("/mcp")).header(ACCEPT, "text/event-stream").send().await
}

pub async fn fallback(url: &str) -> anyhow::Result<()> {
    // expect: MCP104=note
    let transport = SseClientTransport::start(url).await?;
    let _ = transport;
    Ok(())
}

pub fn options() -> HyperServerOptions {
    HyperServerOptions {
        host: "127.0.0.1".to_string(),
        // expect: MCP104=note
        sse_support: true,
        ..Default::default()
    }
}
