// Fixture: rmcp routers changed from inside #[tool] / #[prompt] functions.
use rmcp::handler::server::router::{prompt::PromptRouter, tool::ToolRouter};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ErrorData, GetPromptResult};
use rmcp::service::RequestContext;
use rmcp::{prompt, tool, tool_router, RoleServer};

pub struct Shop {
    tool_router: ToolRouter<Shop>,
    prompt_router: PromptRouter<Shop>,
}

#[tool_router]
impl Shop {
    #[tool(description = "Sign in as staff", annotations(read_only_hint = true))]
    async fn sign_in(&mut self, context: RequestContext<RoleServer>) -> Result<CallToolResult, ErrorData> {
        // expect: MCP603
        self.tool_router.enable_route("refund_order");
        // expect: MCP603
        self.tool_router.disable_route("sign_in");
        // expect: MCP603
        let _ = context.peer.notify_tool_list_changed().await;
        Ok(CallToolResult::success(vec![]))
    }

    #[tool(description = "Close the draft", annotations(idempotent_hint = true))]
    async fn close_draft(&mut self) -> Result<CallToolResult, ErrorData> {
        // expect: MCP603
        self.tool_router.remove_route("edit_draft");
        // expect: MCP603
        self.tool_router.add_route(Self::reopen_route());
        Ok(CallToolResult::success(vec![]))
    }

    #[prompt(name = "wizard")]
    async fn wizard(&mut self, context: RequestContext<RoleServer>) -> Result<GetPromptResult, ErrorData> {
        // expect: MCP603
        self.prompt_router.remove_route("wizard");
        // expect: MCP603
        let _ = context.peer.notify_prompt_list_changed().await;
        Ok(GetPromptResult::new(vec![]))
    }
}
