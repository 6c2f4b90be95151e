// Traps: an axum app with no MCP in it; `memcpy` only contains the letters.
use axum::routing::get;
use axum::Router;

async fn handle_request() -> &'static str {
    "ok"
}

pub struct Service;

impl Service {
    pub async fn handle_request(&self, body: String) -> String {
        body
    }
}

pub fn router(path: &str, service: &'static Service) -> Router {
    // ok: MCP104
    Router::new().route(path, get(move |body: String| async move { service.handle_request(body).await }))
}

pub fn copy(dst: &mut [u8], src: &[u8]) {
    // ok: MCP104
    unsafe { libc_memcpy(dst.as_mut_ptr(), src.as_ptr(), src.len()) };
}

unsafe fn libc_memcpy(_d: *mut u8, _s: *const u8, _n: usize) {}

// expect: MCP104
async fn echo(body: String) -> String {
    body
}

pub fn mcp_router() -> Router {
    // expect: MCP104
    Router::new().route("/mcp", get(echo))
}
