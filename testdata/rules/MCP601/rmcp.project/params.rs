//! Tool argument types; this file holds no tool of its own.
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SendArgs {
    pub to: String,
    pub body: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RefundArgs {
    pub charge_id: String,
    /// Reuse the same key when retrying.
    pub idempotency_key: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TransferArgs {
    pub from: String,
    pub to: String,
    #[serde(rename = "clientToken")]
    pub token: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeployArgs {
    pub service: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct LookupArgs {
    pub id: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ChargeArgs {
    pub customer: String,
    pub amount_cents: u64,
}

/// A key that only looks like one: `key` alone is not an idempotency key.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UploadArgs {
    pub key: String,
    pub bytes: Vec<u8>,
}
