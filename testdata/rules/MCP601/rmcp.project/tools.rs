// Fixture: rmcp tools whose parameter structs live in params.rs.
use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::model::CallToolResult;
use rmcp::{tool, tool_router, ErrorData as McpError};

use crate::params::{ChargeArgs, DeployArgs, LookupArgs, RefundArgs, SendArgs, TransferArgs, UploadArgs};
use crate::vendor::ExternalArgs;

pub struct Ops {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Ops {
    #[tool(description = "Send an email to a customer")]
    // expect: MCP601
    async fn send_email(&self, Parameters(args): Parameters<SendArgs>) -> Result<CallToolResult, McpError> {
        todo!("{}", args.to)
    }

    // ok: MCP601
    #[tool(description = "Refund a charge")]
    async fn refund_charge(&self, Parameters(args): Parameters<RefundArgs>) -> Result<CallToolResult, McpError> {
        todo!("{}", args.charge_id)
    }

    // ok: MCP601
    #[tool(description = "Move money between accounts")]
    async fn transfer_funds(&self, Parameters(args): Parameters<TransferArgs>) -> Result<CallToolResult, McpError> {
        todo!("{}", args.from)
    }

    // The name in the attribute is the tool's name.
    // expect: MCP601
    #[tool(name = "deploy", description = "Roll out a service")]
    async fn deploy_service(
        &self,
        Parameters(args): Parameters<DeployArgs>,
    ) -> Result<CallToolResult, McpError> {
        todo!("{}", args.service)
    }

    // ok: MCP601
    #[tool(description = "Look up an order")]
    async fn lookup_order(&self, Parameters(args): Parameters<LookupArgs>) -> Result<CallToolResult, McpError> {
        todo!("{}", args.id)
    }

    // A parameter struct from another crate: its fields cannot be seen.
    // ok: MCP601
    #[tool(description = "Create a ticket in the vendor's tracker")]
    async fn create_ticket(&self, Parameters(args): Parameters<ExternalArgs>) -> Result<CallToolResult, McpError> {
        todo!("{:?}", args)
    }

    /// Charges the customer's card on file.
    #[tool]
    // expect: MCP601
    async fn charge_card(&self, Parameters(args): Parameters<ChargeArgs>) -> Result<CallToolResult, McpError> {
        todo!("{}", args.customer)
    }

    #[tool(description = "Store a file in the bucket")]
    // expect: MCP601
    async fn upload_file(&self, Parameters(args): Parameters<UploadArgs>) -> Result<CallToolResult, McpError> {
        todo!("{}", args.key)
    }

    #[tool(description = "Remove a user from the team")]
    // expect: MCP601
    async fn remove_member(&self, #[tool(param)] user: String, #[tool(param)] team: String) -> Result<CallToolResult, McpError> {
        todo!("{user} {team}")
    }
}
