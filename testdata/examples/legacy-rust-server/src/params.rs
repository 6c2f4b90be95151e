//! Tool argument types (the JSON schemas clients see are derived from these)
//! and the ledger the tools operate on.

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tokio::sync::RwLock;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct FindInvoiceArgs {
    /// Invoice number as printed on the PDF, e.g. `INV-2025-0042`.
    pub number: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SendInvoiceArgs {
    /// Invoice number to send.
    pub number: String,
    /// Recipient; defaults to the customer's billing contact.
    #[serde(default)]
    pub to: Option<String>,
    /// Optional note placed above the invoice summary in the email body.
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateCreditNoteArgs {
    /// Invoice the credit note applies to.
    pub invoice_number: String,
    /// Credited amount in cents.
    pub amount_cents: i64,
    /// Free-text reason shown on the credit note.
    pub reason: String,
    /// Client-chosen key; a retry with the same key returns the first credit note.
    pub idempotency_key: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct DraftReminderArgs {
    /// Overdue invoice to write a reminder for.
    pub number: String,
    /// `friendly` or `firm`.
    #[serde(default = "default_tone")]
    pub tone: String,
}

fn default_tone() -> String {
    "friendly".to_owned()
}

#[derive(Debug, Clone, Serialize)]
pub struct Invoice {
    pub number: String,
    pub customer: String,
    pub billing_email: String,
    pub amount_cents: i64,
    pub currency: String,
    pub due_date: String,
    pub paid: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct CreditNote {
    pub id: String,
    pub invoice_number: String,
    pub amount_cents: i64,
    pub reason: String,
}

/// The invoice ledger shared by every connection.
#[derive(Default)]
pub struct Ledger {
    pub invoices: RwLock<HashMap<String, Invoice>>,
    pub credit_notes: RwLock<HashMap<String, CreditNote>>,
    outbox: RwLock<Vec<(String, String)>>,
}

impl Ledger {
    pub async fn invoice(&self, number: &str) -> Option<Invoice> {
        self.invoices.read().await.get(number).cloned()
    }

    pub async fn queue_email(&self, to: &str, invoice: &Invoice, note: Option<&str>) {
        let body = format!(
            "{}Invoice {} for {} {} (in cents) is due on {}.",
            note.map(|n| format!("{n}\n\n")).unwrap_or_default(),
            invoice.number,
            invoice.amount_cents,
            invoice.currency,
            invoice.due_date
        );
        self.outbox.write().await.push((to.to_owned(), body));
    }
}
