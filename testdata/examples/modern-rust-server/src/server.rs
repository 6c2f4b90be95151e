use std::borrow::Cow;
use std::sync::Arc;

use rmcp::{
    handler::server::{
        router::tool::ToolRouter,
        tool::{InputResponses as Answers, RequestState},
        wrapper::Parameters,
    },
    model::*,
    service::RequestContext,
    tool, tool_handler, tool_router, ErrorData as McpError, RoleServer, ServerHandler,
};
use serde_json::json;

use crate::depot::{
    move_units, BinLocationArgs, Depot, PendingTransfer, ReserveArgs, StockLevelArgs, TransferArgs, UserId,
};
use crate::transfer;

#[derive(Clone)]
pub struct DepotServer {
    depot: Arc<Depot>,
    codec: RequestStateCodec,
    tool_router: ToolRouter<Self>,
}

fn caller(context: &RequestContext<RoleServer>) -> Option<UserId> {
    let parts = context.extensions.get::<axum::http::request::Parts>()?;
    let user = parts.headers.get("x-forwarded-user")?.to_str().ok()?;
    Some(UserId(user.to_owned()))
}

fn text(message: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(message)])
}

#[tool_router]
impl DepotServer {
    pub fn new(depot: Arc<Depot>, codec: RequestStateCodec) -> Self {
        Self { depot, codec, tool_router: Self::tool_router() }
    }

    #[tool(description = "Units on hand for a SKU across all bins", annotations(read_only_hint = true))]
    async fn stock_level(&self, Parameters(args): Parameters<StockLevelArgs>) -> Result<CallToolResult, McpError> {
        let units = self.depot.on_hand(&args.sku).await;
        Ok(text(format!("{}: {units} on hand", args.sku)))
    }

    #[tool(description = "Reserve units of a SKU for a customer order")]
    async fn reserve_stock(&self, Parameters(args): Parameters<ReserveArgs>) -> Result<CallToolResult, McpError> {
        let receipt = self
            .depot
            .once(&args.idempotency_key, |_stock| {
                Ok(format!("{} x{} held for {}", args.sku, args.quantity, args.order_ref))
            })
            .await
            .map_err(|e| McpError::invalid_params(e, None))?;
        Ok(text(receipt))
    }

    #[tool(
        description = "Set the primary bin location of a SKU",
        annotations(idempotent_hint = true, destructive_hint = false)
    )]
    async fn set_bin_location(
        &self,
        Parameters(args): Parameters<BinLocationArgs>,
    ) -> Result<CallToolResult, McpError> {
        let mut locations = self.depot.locations.write().await;
        locations.insert(args.sku.clone(), args.bin.clone());
        Ok(text(format!("{} now lives in {}", args.sku, args.bin)))
    }

    #[tool(description = "Transfer stock between two bins after the operator confirms")]
    async fn transfer_stock(
        &self,
        Parameters(args): Parameters<TransferArgs>,
        RequestState(state): RequestState,
        Answers(answers): Answers,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let wanted = PendingTransfer {
            sku: args.sku.clone(),
            from_bin: args.from_bin.clone(),
            to_bin: args.to_bin.clone(),
            quantity: args.quantity,
            requested_by: caller(&context).map(|u| u.0),
        };

        let Some(sealed) = state else {
            return transfer::ask_to_confirm(&self.codec, &wanted);
        };

        let pending: PendingTransfer = self
            .codec
            .open_json(&sealed)
            .map_err(|_| McpError::invalid_params("requestState failed verification", None))?;
        if pending != wanted {
            return Err(McpError::invalid_params("requestState belongs to a different transfer", None));
        }
        if !transfer::confirmed(answers.as_ref()) {
            return Ok(text("Transfer cancelled by the operator").into());
        }
        if let Some(user) = caller(&context) {
            let allowed = self.depot.profile(&user).await.is_some_and(|p| p.can_move_stock);
            if !allowed {
                return Err(McpError::invalid_request(format!("{} may not move stock", user.0), None));
            }
        }

        let receipt = self
            .depot
            .once(&args.idempotency_key, |stock| move_units(stock, &pending))
            .await
            .map_err(|e| McpError::invalid_params(e, None))?;
        Ok(text(receipt).into())
    }
}

#[tool_handler]
impl ServerHandler for DepotServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_resources().build())
            .with_server_info(Implementation::new("depot-mcp", env!("CARGO_PKG_VERSION")))
            .with_instructions("Warehouse stock tools. Quantities are whole units.")
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(&[ProtocolVersion::V_2026_07_28])
    }

    async fn discover(&self, _context: RequestContext<RoleServer>) -> Result<DiscoverResult, McpError> {
        let info = self.get_info();
        Ok(DiscoverResult::new(self.supported_protocol_versions().into_owned(), info.capabilities)
            .with_server_info(info.server_info)
            .with_ttl_ms(300_000)
            .with_cache_scope(CacheScope::Public))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let not_found = || {
            McpError::new(
                ErrorCode::INVALID_PARAMS,
                format!("resource {} not found", request.uri),
                Some(json!({ "uri": request.uri })),
            )
        };
        let sku = request.uri.strip_prefix("sku://").ok_or_else(not_found)?;
        let units = self.depot.on_hand(sku).await;
        let bin = self.depot.locations.read().await.get(sku).cloned().ok_or_else(not_found)?;
        let body = json!({ "sku": sku, "on_hand": units, "bin": bin }).to_string();
        Ok(ReadResourceResult::new(vec![ResourceContents::text(body, request.uri.clone())])
            .with_ttl_ms(30_000)
            .with_cache_scope(CacheScope::Private)
            .into())
    }
}
