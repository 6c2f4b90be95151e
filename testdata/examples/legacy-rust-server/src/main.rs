mod params;
mod raw;
mod server;

use std::sync::Arc;
use std::time::Duration;

use axum::routing::post;
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use tokio_util::sync::CancellationToken;
use tracing_subscriber::EnvFilter;

use crate::params::{Invoice, Ledger};
use crate::server::LedgerServer;

const BIND_ADDRESS: &str = "0.0.0.0:8080";

async fn seed(ledger: &Ledger) {
    let mut invoices = ledger.invoices.write().await;
    invoices.insert(
        "INV-2025-0042".into(),
        Invoice {
            number: "INV-2025-0042".into(),
            customer: "Blue Harbor Ltd".into(),
            billing_email: "ap@blueharbor.example".into(),
            amount_cents: 129_900,
            currency: "EUR".into(),
            due_date: "2025-12-01".into(),
            paid: false,
        },
    );
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .init();

    let ledger = Arc::new(Ledger::default());
    seed(&ledger).await;

    let ct = CancellationToken::new();
    let factory_ledger = ledger.clone();
    let mcp = StreamableHttpService::new(
        move || Ok(LedgerServer::new(factory_ledger.clone())),
        LocalSessionManager::default().into(),
        StreamableHttpServerConfig {
            stateful_mode: true,
            sse_keep_alive: Some(Duration::from_secs(20)),
            cancellation_token: ct.child_token(),
            ..Default::default()
        },
    );

    // The ops dashboard still talks to the hand-written endpoint in raw.rs.
    let legacy = axum::Router::new()
        .route("/legacy/mcp", post(raw::handle_rpc).delete(raw::close_session))
        .with_state(raw::RawState::new(ledger.clone()));

    let app = axum::Router::new().nest_service("/mcp", mcp).merge(legacy);

    let listener = tokio::net::TcpListener::bind(BIND_ADDRESS).await?;
    tracing::info!("ledger MCP server on http://{BIND_ADDRESS}/mcp");
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            let _ = tokio::signal::ctrl_c().await;
            ct.cancel();
        })
        .await?;
    Ok(())
}
