// A module that comes in through a glob import of the SDK's prelude, then a path into it.
use acme_mcp::prelude::*;

pub fn session(req: &http::Request<()>) -> Option<&http::HeaderValue> {
    // expect: MCP102
    // expect-dual: MCP102=note
    req.headers().get(commands::SESSION_HEADER)
}
