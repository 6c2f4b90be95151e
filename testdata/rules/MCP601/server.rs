// Fixture: rmcp tools in one file: own parameters, annotations, doc comments, raw descriptors.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize, JsonSchema)]
pub struct OrderArgs {
    pub sku: String,
    pub quantity: u32,
}

#[derive(Deserialize, JsonSchema)]
pub struct PayArgs {
    pub invoice: String,
    pub request_id: String,
}

pub struct Shop;

#[tool_router]
impl Shop {
    #[tool(description = "Place an order for a product")]
    // expect: MCP601
    async fn place_order(&self, Parameters(args): Parameters<OrderArgs>) -> Result<CallToolResult, McpError> {
        todo!("{}", args.sku)
    }

    /// Cancels an order that has not shipped yet.
    #[tool]
    // expect: MCP601
    async fn cancel_order(&self, #[tool(param)] order_id: String) -> Result<CallToolResult, McpError> {
        todo!("{order_id}")
    }

    #[tool(description = "Delete a product from the catalogue", annotations(destructive_hint = true))]
    // expect: MCP601
    async fn delete_product(&self, #[tool(param)] sku: String) -> Result<CallToolResult, McpError> {
        todo!("{sku}")
    }

    #[tool(description = "Submit the weekly report")]
    // expect: MCP601
    async fn submit_report(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }

    // A calculation: the verb is followed by numbers.
    #[tool(description = "Add 7 and 22 for this example")]
    // ok: MCP601
    async fn add(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }

    #[tool(description = "Publish a product page")]
    // expect: MCP601
    async fn publish_page(&self, #[tool(aggr)] args: OrderArgs) -> Result<CallToolResult, McpError> {
        todo!("{}", args.sku)
    }

    // A noun that is also a verb gives way to the plain verb after it: `issue_get` reads,
    // `issue_update` writes.
    // ok: MCP601
    #[tool(description = "Issue details by key")]
    async fn issue_get(&self, #[tool(param)] key: String) -> Result<CallToolResult, McpError> {
        todo!("{key}")
    }

    #[tool(description = "Issue fields by key")]
    // expect: MCP601
    async fn issue_update(&self, #[tool(param)] key: String) -> Result<CallToolResult, McpError> {
        todo!("{key}")
    }

    // ok: MCP601
    #[tool(description = "Pay an invoice")]
    async fn pay_invoice(&self, Parameters(args): Parameters<PayArgs>) -> Result<CallToolResult, McpError> {
        todo!("{}", args.invoice)
    }

    // ok: MCP601
    #[tool(description = "Set the price", annotations(idempotent_hint = true))]
    async fn update_price(&self, #[tool(param)] sku: String) -> Result<CallToolResult, McpError> {
        todo!("{sku}")
    }

    // ok: MCP601
    #[tool(description = "Show stock levels", annotations(read_only_hint = true))]
    async fn write_stock_report(&self) -> Result<CallToolResult, McpError> {
        todo!()
    }

    // ok: MCP601
    #[tool(description = "Get the status of an order")]
    async fn get_order(&self, #[tool(param)] order_id: String) -> Result<CallToolResult, McpError> {
        todo!("{order_id}")
    }

    // ok: MCP601
    #[tool(description = "Book a table", annotations(idempotent_hint = true))]
    async fn book_table(&self, #[tool(param)] idempotency_key: String) -> Result<CallToolResult, McpError> {
        todo!("{idempotency_key}")
    }

    // Not a tool: a helper in the same impl.
    // ok: MCP601
    async fn send_receipt(&self) {}
}

pub fn tools_list() -> Value {
    json!({
        "tools": [
            {
                // expect: MCP601
                "name": "send_sms",
                "description": "Send a text message",
                "inputSchema": { "type": "object", "properties": { "to": { "type": "string" } } }
            },
            {
                // ok: MCP601
                "name": "send_fax",
                "description": "Send a fax",
                "inputSchema": { "type": "object", "properties": { "dedupe_key": { "type": "string" } } }
            }
        ]
    })
}

pub struct Team;

// A bare `add` whose description adds something to the world.
#[tool_router]
impl Team {
    #[tool(description = "Adds a member to the team")]
    // expect: MCP601
    async fn add(&self, #[tool(param)] email: String) -> Result<CallToolResult, McpError> {
        todo!("{email}")
    }
}
