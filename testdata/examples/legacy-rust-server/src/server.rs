use std::collections::HashSet;
use std::sync::Arc;

use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    model::*,
    service::RequestContext,
    tool, tool_handler, tool_router, ErrorData as McpError, RoleServer, ServerHandler,
};
use serde_json::json;
use tokio::sync::RwLock;

use crate::params::{CreateCreditNoteArgs, CreditNote, DraftReminderArgs, FindInvoiceArgs, Ledger, SendInvoiceArgs};

fn invoice_not_found(number: &str) -> McpError {
    McpError::new(ErrorCode(-32002), format!("invoice {number} not found"), Some(json!({ "number": number })))
}

#[derive(Clone)]
pub struct LedgerServer {
    ledger: Arc<Ledger>,
    client: Arc<RwLock<Option<Implementation>>>,
    log_level: Arc<RwLock<LoggingLevel>>,
    subscriptions: Arc<RwLock<HashSet<String>>>,
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl LedgerServer {
    pub fn new(ledger: Arc<Ledger>) -> Self {
        Self {
            ledger,
            client: Arc::new(RwLock::new(None)),
            log_level: Arc::new(RwLock::new(LoggingLevel::Info)),
            subscriptions: Arc::new(RwLock::new(HashSet::new())),
            tool_router: Self::tool_router(),
        }
    }

    #[tool(
        description = "Look up an invoice by number and return amount, due date and status",
        annotations(read_only_hint = true)
    )]
    async fn find_invoice(&self, Parameters(args): Parameters<FindInvoiceArgs>) -> Result<CallToolResult, McpError> {
        let invoice = self.ledger.invoice(&args.number).await.ok_or_else(|| invoice_not_found(&args.number))?;
        Ok(CallToolResult::success(vec![Content::json(&invoice)?]))
    }

    #[tool(description = "Send an invoice by email to the customer's billing contact")]
    async fn send_invoice(
        &self,
        Parameters(args): Parameters<SendInvoiceArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let invoice = self.ledger.invoice(&args.number).await.ok_or_else(|| invoice_not_found(&args.number))?;
        let to = args.to.unwrap_or_else(|| invoice.billing_email.clone());
        self.ledger.queue_email(&to, &invoice, args.note.as_deref()).await;

        if *self.log_level.read().await <= LoggingLevel::Info {
            let _ = context
                .peer
                .notify_logging_message(LoggingMessageNotificationParam::new(
                    LoggingLevel::Info,
                    json!({ "event": "invoice_sent", "number": invoice.number, "to": to }),
                ))
                .await;
        }
        Ok(CallToolResult::success(vec![Content::text(format!("Invoice {} queued for {to}", invoice.number))]))
    }

    #[tool(description = "Create a credit note against an invoice")]
    async fn create_credit_note(
        &self,
        Parameters(args): Parameters<CreateCreditNoteArgs>,
    ) -> Result<CallToolResult, McpError> {
        let mut notes = self.ledger.credit_notes.write().await;
        if let Some(existing) = notes.get(&args.idempotency_key) {
            return Ok(CallToolResult::success(vec![Content::json(existing)?]));
        }
        if self.ledger.invoice(&args.invoice_number).await.is_none() {
            return Err(invoice_not_found(&args.invoice_number));
        }
        let note = CreditNote {
            id: format!("CN-{:05}", notes.len() + 1),
            invoice_number: args.invoice_number,
            amount_cents: args.amount_cents,
            reason: args.reason,
        };
        notes.insert(args.idempotency_key, note.clone());
        Ok(CallToolResult::success(vec![Content::json(&note)?]))
    }

    #[tool(
        description = "Ask the client's model for a payment reminder text for an overdue invoice",
        annotations(read_only_hint = true)
    )]
    async fn draft_reminder(
        &self,
        Parameters(args): Parameters<DraftReminderArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let invoice = self.ledger.invoice(&args.number).await.ok_or_else(|| invoice_not_found(&args.number))?;
        let prompt = format!(
            "Write a {} payment reminder to {} for invoice {} ({} cents, due {}).",
            args.tone, invoice.customer, invoice.number, invoice.amount_cents, invoice.due_date
        );
        let reply = context
            .peer
            .create_message(CreateMessageRequestParams::new(vec![SamplingMessage::user_text(prompt)], 400))
            .await
            .map_err(|e| McpError::internal_error(format!("sampling failed: {e}"), None))?;
        let text = reply.message.content.first().and_then(|c| c.as_text()).map(|t| t.text.clone()).unwrap_or_default();
        Ok(CallToolResult::success(vec![Content::text(text)]))
    }
}

#[tool_handler]
impl ServerHandler for LedgerServer {
    fn get_info(&self) -> ServerInfo {
        ServerInfo::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .enable_resources_subscribe()
                .enable_logging()
                .build(),
        )
        .with_instructions("Invoice ledger. Amounts are in cents.")
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        tracing::info!(client = %request.client_info.name, version = %request.protocol_version, "client connected");
        *self.client.write().await = Some(request.client_info.clone());
        context.peer.set_peer_info(request);
        Ok(self.get_info())
    }

    async fn ping(&self, _context: RequestContext<RoleServer>) -> Result<(), McpError> {
        tracing::debug!("ping");
        Ok(())
    }

    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        *self.log_level.write().await = request.level;
        Ok(())
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.subscriptions.write().await.insert(request.uri);
        Ok(())
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResult, McpError> {
        let number = request.uri.strip_prefix("invoice://").unwrap_or_default();
        match self.ledger.invoice(number).await {
            Some(invoice) => {
                let text = serde_json::to_string_pretty(&invoice)
                    .map_err(|e| McpError::internal_error(e.to_string(), None))?;
                Ok(ReadResourceResult::new(vec![ResourceContents::text(text, request.uri)]))
            }
            None => Err(McpError::new(
                ErrorCode::RESOURCE_NOT_FOUND,
                "Resource not found",
                Some(json!({ "uri": request.uri })),
            )),
        }
    }
}
