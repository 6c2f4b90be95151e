// A keepalive loop that pings the peer from a `tokio::select!` arm.
use rmcp::model::Request;

async fn keepalive(transport: &Transport, mut ticker: Interval, mut shutdown: Receiver<()>, stats: &Stats) {
    loop {
        tokio::select! {
            biased;
            _ = shutdown.recv() => break,
            // expect: MCP301
            _ = ticker.tick() => transport.request("ping", None).await,
            // A counter named for the keepalive, not a request.
            // ok: MCP301
            _ = ticker.tick() => stats.count("ping"),
        }
    }
}

// A union declared through a macro: its alternatives are names, not a closure's parameters.
ts_union!(
    export type ClientRequest =
    // expect: MCP301
    | PingRequest
    | CallToolRequest
);
