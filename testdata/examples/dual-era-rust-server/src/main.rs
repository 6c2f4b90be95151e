use std::sync::Arc;

use axum::Router;
use rmcp::transport::streamable_http_server::{
    session::never::NeverSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};

mod fleet;
mod server;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt().with_env_filter("info").with_writer(std::io::stderr).init();

    let fleet = Arc::new(fleet::Fleet::demo());
    // Every request is served on its own: 2026-07-28 requests by the modern path, and 2025-era
    // requests after their `initialize` without a server-side session.
    let config = StreamableHttpServerConfig::default().with_legacy_session_mode(false);
    let service = StreamableHttpService::new(
        move || Ok(server::FleetServer::new(fleet.clone())),
        NeverSessionManager::default().into(),
        config,
    );

    // axum answers GET and DELETE on a POST-only service with 405.
    let app = Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:8090").await?;
    tracing::info!("fleet-status on http://127.0.0.1:8090/mcp");
    axum::serve(listener, app).with_graceful_shutdown(async { tokio::signal::ctrl_c().await.ok(); }).await?;
    Ok(())
}
