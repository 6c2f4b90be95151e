//! Stock data, staff profiles and the argument types of the tools that touch them.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tokio::sync::RwLock;

/// How long a finished write is remembered under its idempotency key.
const IDEMPOTENCY_WINDOW: Duration = Duration::from_secs(24 * 60 * 60);

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserId(pub String);

#[derive(Debug, Clone)]
pub struct Profile {
    pub display_name: String,
    pub can_move_stock: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct StockLevelArgs {
    pub sku: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReserveArgs {
    pub sku: String,
    pub quantity: u32,
    pub order_ref: String,
    /// Reuse the same key when retrying; the first reservation is returned.
    pub idempotency_key: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct BinLocationArgs {
    pub sku: String,
    pub bin: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TransferArgs {
    pub sku: String,
    pub from_bin: String,
    pub to_bin: String,
    pub quantity: u32,
    pub idempotency_key: String,
}

/// What `transfer_stock` carries between its input rounds, sealed into `requestState`.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct PendingTransfer {
    pub sku: String,
    pub from_bin: String,
    pub to_bin: String,
    pub quantity: u32,
    pub requested_by: Option<String>,
}

#[derive(Default)]
pub struct Depot {
    pub stock: RwLock<HashMap<(String, String), u32>>,
    pub locations: RwLock<HashMap<String, String>>,
    pub profiles: RwLock<HashMap<UserId, Profile>>,
    done: RwLock<HashMap<String, (Instant, String)>>,
}

impl Depot {
    pub async fn on_hand(&self, sku: &str) -> u32 {
        let stock = self.stock.read().await;
        stock.iter().filter(|((s, _), _)| s == sku).map(|(_, q)| *q).sum()
    }

    pub async fn profile(&self, user: &UserId) -> Option<Profile> {
        self.profiles.read().await.get(user).cloned()
    }

    /// Runs `apply` once per idempotency key and replays its receipt afterwards.
    pub async fn once<F>(&self, key: &str, apply: F) -> Result<String, String>
    where
        F: FnOnce(&mut HashMap<(String, String), u32>) -> Result<String, String>,
    {
        let mut done = self.done.write().await;
        done.retain(|_, (at, _)| at.elapsed() < IDEMPOTENCY_WINDOW);
        if let Some((_, receipt)) = done.get(key) {
            return Ok(receipt.clone());
        }
        let receipt = apply(&mut *self.stock.write().await)?;
        done.insert(key.to_owned(), (Instant::now(), receipt.clone()));
        Ok(receipt)
    }
}

/// Moves the units of a confirmed transfer; fails without touching anything if the
/// source bin holds too few.
pub fn move_units(stock: &mut HashMap<(String, String), u32>, transfer: &PendingTransfer) -> Result<String, String> {
    let from_key = (transfer.sku.clone(), transfer.from_bin.clone());
    let available = stock.get(&from_key).copied().unwrap_or_default();
    if available < transfer.quantity {
        return Err(format!("only {available} left in {}", transfer.from_bin));
    }
    stock.insert(from_key, available - transfer.quantity);
    *stock.entry((transfer.sku.clone(), transfer.to_bin.clone())).or_default() += transfer.quantity;
    Ok(format!("moved {} x{} to {}", transfer.sku, transfer.quantity, transfer.to_bin))
}
