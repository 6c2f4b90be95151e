use acme_mcp::commands::PING;
use acme_mcp::context::Context;
use acme_mcp::HEADER;

mod glob_module;
mod glob_shadowed;
mod peer;
mod watch;

async fn tool(mut ctx: Context) -> Result<String, String> {
    // expect: MCP305
    ctx.list_roots().await
}

fn probe(transport: &Transport) {
    // expect: MCP301
    // expect-dual: MCP301=note
    transport.request(PING, None);
}

fn forward(req: &http::Request<()>) -> bool {
    // expect: MCP102
    // expect-dual: MCP102=note
    req.headers().contains_key(HEADER)
}

fn main() {}
