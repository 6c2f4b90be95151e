// axum, actix and hyper servers that keep GET and DELETE on the MCP endpoint.
use actix_web::{delete, get, web, App, HttpResponse, Responder};
use axum::routing::{get as axum_get, post};
use axum::{http::StatusCode, Router};
use hyper::{Method, Request, Response};
use rmcp::transport::sse_server::{SseServer, SseServerConfig};

const MCP_PATH: &str = "/mcp";

// expect: MCP104
async fn sse_stream() -> StatusCode {
    StatusCode::OK
}
async fn rpc() -> StatusCode {
    StatusCode::OK
}
// expect: MCP104
async fn end_session() -> StatusCode {
    StatusCode::NO_CONTENT
}

pub fn axum_router() -> Router {
    // expect: MCP104
    Router::new().route("/mcp", axum_get(sse_stream).post(rpc).delete(end_session))
}

pub fn axum_closure() -> Router {
    // A closure that calls something may open the stream: only a constant answer is a stub.
    // expect: MCP104
    Router::new().route("/mcp", post(rpc).delete(|| async { end_session().await }))
}

pub fn axum_const() -> Router {
    // expect: MCP104
    Router::new().route(MCP_PATH, post(rpc).delete(end_session))
}

pub fn actix_app() -> App<()> {
    // expect: MCP104
    App::new().service(web::resource("/mcp").route(web::get().to(sse_stream)))
}

pub fn actix_route() -> App<()> {
    // expect: MCP104
    App::new().route("/v1/mcp", web::delete().to(end_session))
}

// expect: MCP104
#[get("/mcp")]
async fn actix_stream() -> impl Responder {
    HttpResponse::Ok().content_type("text/event-stream").finish()
}

// expect: MCP104
#[delete("/api/mcp")]
async fn actix_end() -> impl Responder {
    HttpResponse::NoContent().finish()
}

pub async fn hyper_service(req: Request<hyper::body::Incoming>, transport: &Transport) -> Response<String> {
    if req.uri().path() == "/mcp" {
        // expect: MCP104
        if req.method() == Method::GET {
            return transport.handle_get(req).await;
        }
    }
    Response::new(String::new())
}

pub async fn old_transport() -> anyhow::Result<()> {
    // expect: MCP104=note
    let server = SseServer::serve("127.0.0.1:8000".parse()?).await?;
    // expect: MCP104=note
    let config = SseServerConfig { bind: "127.0.0.1:8001".parse()?, sse_path: "/sse".into(), post_path: "/message".into(), ct: Default::default(), sse_keep_alive: None };
    let _ = (server, config);
    Ok(())
}

pub struct Transport;
impl Transport {
    // expect: MCP104
    async fn handle_get(&self, _req: Request<hyper::body::Incoming>) -> Response<String> {
        Response::new(String::new())
    }
}
