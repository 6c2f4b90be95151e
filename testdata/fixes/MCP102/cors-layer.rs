// The removed session header leaves tower-http's CORS lists.
use axum::http::header::{HeaderName, AUTHORIZATION, CONTENT_TYPE};
use rmcp::transport::streamable_http_server::StreamableHttpService;
use tower_http::cors::CorsLayer;

pub fn cors() -> CorsLayer {
    CorsLayer::new()
        .allow_headers([CONTENT_TYPE, HeaderName::from_static("mcp-session-id"), AUTHORIZATION])
        .expose_headers([
            CONTENT_TYPE,
            HeaderName::from_static("mcp-session-id"),
        ])
}

pub type Service<S, M> = StreamableHttpService<S, M>;
