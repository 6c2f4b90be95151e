// A session store declared in another crate, reached through two receivers: one store, so one
// finding.
use rust_mcp_sdk::mcp_http::AppState;
use rust_mcp_sdk::mcp_server::ServerRuntime;
use std::sync::Arc;

pub async fn notify_all(state: Arc<AppState>, session_id: Option<String>) {
    let state_clone = state.clone();
    if let Some(session_id) = session_id.as_ref() {
        // expect: MCP101
        if let Some(runtime) = state_clone.session_store.get(session_id).await {
            runtime.notify().await;
        }
    }
}

pub struct Runtime {
    state: Arc<AppState>,
}

impl Runtime {
    pub async fn runtime(&self, session_id: &str) -> Option<Arc<ServerRuntime>> {
        // ok: MCP101
        self.state.session_store.get(session_id).await
    }
}
