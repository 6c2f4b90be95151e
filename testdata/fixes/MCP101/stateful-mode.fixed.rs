// rmcp's legacy session modes turn off (unsafe: clients relying on the session lose it).
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;

pub fn config_v2() -> StreamableHttpServerConfig {
    StreamableHttpServerConfig {
        stateful_mode: false,
        ..Default::default()
    }
}

pub fn config_v3() -> StreamableHttpServerConfig {
    StreamableHttpServerConfig::default().with_legacy_session_mode(false)
}
