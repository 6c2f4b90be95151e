// A server that dispatches on the HTTP method itself, on an endpoint whose path is a
// variable: POST beside GET and DELETE is the Streamable HTTP endpoint.
use hyper::{Method, Request, Response};
use rmcp::model::JsonRpcMessage;

pub async fn service(req: Request<Body>, ctx: &Ctx) -> Response<Body> {
    match *req.method() {
        Method::POST => post_messages(req, ctx).await,
        // expect: MCP104
        Method::GET => open_stream(req, ctx).await,
        // expect: MCP104
        Method::DELETE => end_session(req, ctx).await,
        _ => not_allowed(),
    }
}

async fn post_messages(req: Request<Body>, ctx: &Ctx) -> Response<Body> {
    let _msg: Option<JsonRpcMessage> = None;
    ctx.answer(req).await
}

// expect: MCP104
async fn open_stream(req: Request<Body>, ctx: &Ctx) -> Response<Body> {
    ctx.subscribe(req).await
}

// expect: MCP104
async fn end_session(req: Request<Body>, ctx: &Ctx) -> Response<Body> {
    ctx.close(req).await
}

pub fn router(endpoint: String) -> axum::Router {
    axum::Router::new()
        .route(
            &endpoint,
            // expect: MCP104
            post(post_handler).get(get_handler).delete(delete_handler),
        )
        // A route without POST on its path is some other route.
        // ok: MCP104
        .route(&status_path(), get(status))
}

pub fn actix(cfg: &mut web::ServiceConfig, endpoint: &str) {
    cfg.route(endpoint, web::post().to(post_handler));
    // expect: MCP104
    cfg.route(endpoint, web::get().to(get_handler));
}

pub fn mounted(mcp: &mut RouteGroup) {
    mcp.map_post("/", post_handler);
    // expect: MCP104
    mcp.map_delete("/", delete_handler);
}

pub async fn answers_405(req: Request<Body>) -> Response<Body> {
    match *req.method() {
        Method::POST => answer(req).await,
        // ok: MCP104
        Method::GET => Response::builder().status(405).body(Body::empty()).unwrap_or_default(),
        _ => not_allowed(),
    }
}

pub async fn cloned_method(req: Request<Body>, ctx: &Ctx) -> Response<Body> {
    let method = req.method().clone();
    match method {
        Method::POST => post_messages(req, ctx).await,
        // expect: MCP104
        Method::DELETE => ctx.close(req).await,
        _ => not_allowed(),
    }
}
