// The project itself is a client.
use rmcp::ServiceExt;

pub async fn connect() -> anyhow::Result<()> {
    let _client = ().serve(rmcp::transport::stdio()).await?;
    Ok(())
}
