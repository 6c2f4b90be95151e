// Traps: POST-only routers, 405 answers, other routes and POSTs that accept both types.
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use reqwest::header::ACCEPT;
use rmcp::transport::streamable_http_server::StreamableHttpService;

async fn rpc() -> StatusCode {
    StatusCode::OK
}
async fn not_allowed() -> StatusCode {
    StatusCode::METHOD_NOT_ALLOWED
}
async fn health() -> &'static str {
    "ok"
}

pub fn router(service: StreamableHttpService<()>) -> Router {
    Router::new()
        // ok: MCP104
        .route("/mcp", post(rpc))
        // ok: MCP104
        .route("/health", get(health))
        // ok: MCP104
        .route("/.well-known/oauth-protected-resource/mcp", get(health))
        // ok: MCP104
        .nest_service("/v2/mcp", service)
}

pub fn strict() -> Router {
    // ok: MCP104
    Router::new().route("/mcp", get(not_allowed).post(rpc))
}

pub fn closure() -> Router {
    // ok: MCP104
    Router::new().route("/mcp", get(|| async { StatusCode::METHOD_NOT_ALLOWED }).post(rpc))
}

pub async fn call(client: &reqwest::Client, url: &str, body: String) -> reqwest::Result<reqwest::Response> {
    // ok: MCP104
    client.post(url).header(ACCEPT, "application/json, text/event-stream").body(body).send().await
}

pub async fn news(client: &reqwest::Client) -> reqwest::Result<reqwest::Response> {
    // ok: MCP104
    client.get("https://example.com/news/stream").header(ACCEPT, "text/event-stream").send().await
}

// The app's own stream under an `/api/mcp/…` path, through a helper that adds a token.
pub async fn elicitations(client: &reqwest::Client) -> reqwest::Result<reqwest::Response> {
    // ok: MCP104
    client.get(with_token("/api/mcp/elicitation/stream")).header(ACCEPT, "text/event-stream").send().await
}

pub fn cache(map: &std::collections::HashMap<&str, u8>) -> Option<&u8> {
    // ok: MCP104
    map.get("/mcp")
}

// An auth-middleware test's stub route: the GET answers a constant and nothing else, which is
// neither the SSE stream nor a session's end.
pub fn middleware_test_router() -> Router {
    // ok: MCP104
    Router::new().route("/my-service/mcp", get(|| async { "ok" }))
}
