//! The handlers behind the route shells.

// ok: MCP104
pub async fn handle_post(req: Request) -> Response {
    answer(req).await
}

// expect: MCP104
pub async fn dispatch_get(req: Request) -> Response {
    handle_get_stream(req).await
}

// expect: MCP104
async fn handle_get_stream(req: Request) -> Response {
    open_stream(req).await
}

// expect: MCP104
pub async fn handle_delete(req: Request) -> Response {
    close_session(req).await
}

// ok: MCP104
pub fn get_header<'r>(req: &'r Request, name: &str) -> Option<&'r str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

// ok: MCP104
pub async fn handle_delete_user(req: Request) -> Response {
    remove_user(req).await
}

pub struct Cache;

impl Cache {
    // ok: MCP104
    pub fn handle_delete(&self, key: &str) {
        drop(key);
    }
}
