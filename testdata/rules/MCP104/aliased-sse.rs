// The old HTTP+SSE transport imported from rmcp under a name of the project's own.
use rmcp::transport::sse_server::SseServer as LegacyServer;
use rmcp::transport::StreamableHttpService as HttpService;
use crate::chat::SseServer as ChatFeed;

pub async fn legacy() -> anyhow::Result<()> {
    // expect: MCP104=note
    let server = LegacyServer::serve("127.0.0.1:8000".parse()?).await?;
    server.cancel();
    Ok(())
}

pub fn modern() -> HttpService {
    // ok: MCP104
    HttpService::new(factory, Default::default(), Default::default())
}

pub fn chat() {
    // The project's own event feed of the same name, for its chat page: not the SDK's.
    // ok: MCP104
    let _feed = ChatFeed::serve("127.0.0.1:9000");
}
