//! Route shells: each converts the request and hands it on to a handler of its verb.
use crate::stack;

pub async fn post(req: Request) -> Response {
    stack::handle_post(req).await
}

// expect: MCP104
pub async fn get(req: Request) -> Response {
    // `get_header` says the verb but handles nothing: not where the request goes.
    let _trace = stack::get_header(&req, "traceparent");
    stack::dispatch_get(req).await
}

// expect: MCP104
pub async fn delete(req: Request, cache: &Cache) -> Response {
    // A method of another receiver may be anybody's.
    cache.handle_delete(req.uri().path());
    stack::handle_delete(req).await
}

pub async fn create_user(req: Request) -> Response {
    stack::handle_post(req).await
}

// ok: MCP104
pub async fn delete_user(req: Request) -> Response {
    stack::handle_delete_user(req).await
}
