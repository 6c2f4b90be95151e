use rmcp::model::{CacheScope, DiscoverRequestParams, DiscoverResult, ProtocolVersion, ServerCapabilities};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler};

pub struct Depot;

impl ServerHandler for Depot {
    async fn discover(
        &self,
        _request: DiscoverRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, McpError> {
        Ok(DiscoverResult::new(vec![ProtocolVersion::V_2026_07_28], ServerCapabilities::default())
            .with_ttl_ms(300_000)
            .with_cache_scope(CacheScope::Public))
    }
}
