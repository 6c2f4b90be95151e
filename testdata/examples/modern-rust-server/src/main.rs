mod depot;
mod server;
mod transfer;

use std::sync::Arc;

use axum::{extract::State, routing::get, Json, Router};
use base64::Engine as _;
use rmcp::model::RequestStateCodec;
use rmcp::transport::streamable_http_server::{
    session::never::NeverSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use serde_json::{json, Value};
use tokio_util::sync::CancellationToken;
use tracing_subscriber::EnvFilter;

use crate::depot::Depot;
use crate::server::DepotServer;

const BIND_ADDRESS: &str = "0.0.0.0:8080";
/// Prometheus scrape port; the platform team assigned 32002 to this service.
const METRICS_PORT: u16 = 32002;

async fn health() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

async fn metrics(State(depot): State<Arc<Depot>>) -> String {
    let stock = depot.stock.read().await;
    let units: u64 = stock.values().map(|q| u64::from(*q)).sum();
    format!("depot_bins {}\ndepot_units_on_hand {units}\n", stock.len())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .init();

    // The same key must be used by every replica, or a retry that lands on another
    // replica cannot open the requestState minted by the first one.
    let key = base64::engine::general_purpose::STANDARD.decode(std::env::var("REQUEST_STATE_KEY")?)?;
    let codec = RequestStateCodec::try_new(key)?;
    let depot = Arc::new(Depot::default());
    let ct = CancellationToken::new();

    // Each POST is served on its own: no Mcp-Session-Id is minted or read, and GET/DELETE on
    // /mcp get 405 from the service. Nothing here needs an initialize round-trip or a ping
    // to keep a connection alive.
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_stateless_protocol_metadata_required(true)
        .with_json_response(true)
        .with_cancellation_token(ct.child_token());
    let factory = {
        let depot = depot.clone();
        move || Ok(DepotServer::new(depot.clone(), codec.clone()))
    };
    let mcp = StreamableHttpService::new(factory, NeverSessionManager::default().into(), config);

    let app = Router::new().route("/health", get(health)).nest_service("/mcp", mcp);
    let metrics_app = Router::new().route("/metrics", get(metrics)).with_state(depot.clone());

    let api = tokio::net::TcpListener::bind(BIND_ADDRESS).await?;
    let scrape = tokio::net::TcpListener::bind(("0.0.0.0", METRICS_PORT)).await?;
    tracing::info!("depot-mcp on http://{BIND_ADDRESS}/mcp, metrics on :{METRICS_PORT}");

    let shutdown = ct.clone();
    tokio::spawn(async move {
        let _ = tokio::signal::ctrl_c().await;
        shutdown.cancel();
    });
    let api_ct = ct.clone();
    let scrape_ct = ct.clone();
    tokio::try_join!(
        async { axum::serve(api, app).with_graceful_shutdown(async move { api_ct.cancelled().await }).await },
        async {
            axum::serve(scrape, metrics_app).with_graceful_shutdown(async move { scrape_ct.cancelled().await }).await
        },
    )?;
    Ok(())
}
