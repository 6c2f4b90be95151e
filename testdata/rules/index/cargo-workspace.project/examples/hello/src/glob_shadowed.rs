// The same glob, but a module of the file's own takes the name: its constant is another header.
use acme_mcp::prelude::*;

mod commands {
    pub const SESSION_HEADER: &str = "x-request-id";
}

pub fn request_id(req: &http::Request<()>) -> Option<&http::HeaderValue> {
    // ok: MCP102
    req.headers().get(commands::SESSION_HEADER)
}
