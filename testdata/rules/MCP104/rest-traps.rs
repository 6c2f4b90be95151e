// Traps: the same shapes in code that is not MCP (no SDK, no MCP context): a REST resource.
use hyper::{Method, Request, Response};

pub async fn users(req: Request<Body>, db: &Db) -> Response<Body> {
    match *req.method() {
        Method::POST => db.create(req).await,
        // ok: MCP104
        Method::GET => db.list(req).await,
        // ok: MCP104
        Method::DELETE => db.remove(req).await,
        _ => not_allowed(),
    }
}
