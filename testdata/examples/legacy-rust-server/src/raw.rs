//! Hand-written JSON-RPC endpoint used by the ops dashboard. It predates the
//! rmcp service in main.rs and only covers what the dashboard calls.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::Mutex;

use crate::params::Ledger;

const PROTOCOL_VERSION: &str = "2025-06-18";

#[derive(Debug, Deserialize)]
pub struct RpcRequest {
    #[serde(default)]
    pub id: Option<Value>,
    pub method: String,
    #[serde(default)]
    pub params: Value,
}

#[derive(Debug)]
pub struct Session {
    client_name: String,
    log_level: String,
    last_seen: SystemTime,
}

#[derive(Clone)]
pub struct RawState {
    ledger: Arc<Ledger>,
    sessions: Arc<Mutex<HashMap<String, Session>>>,
    counter: Arc<AtomicU64>,
}

impl RawState {
    pub fn new(ledger: Arc<Ledger>) -> Self {
        Self { ledger, sessions: Arc::new(Mutex::new(HashMap::new())), counter: Arc::new(AtomicU64::new(1)) }
    }

    fn next_session_id(&self) -> String {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or_default();
        format!("{nanos:x}-{}", self.counter.fetch_add(1, Ordering::Relaxed))
    }
}

fn rpc_error(id: Value, code: i64, message: &str) -> Response {
    let status = if code == -32002 {
        StatusCode::NOT_FOUND
    } else if code == -32601 {
        StatusCode::NOT_FOUND
    } else {
        StatusCode::BAD_REQUEST
    };
    let body = json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } });
    (status, Json(body)).into_response()
}

pub async fn handle_rpc(State(state): State<RawState>, headers: HeaderMap, Json(req): Json<RpcRequest>) -> Response {
    let id = req.id.clone().unwrap_or(Value::Null);
    let session_id = headers.get("mcp-session-id").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let mut sessions = state.sessions.lock().await;

    if req.method != "initialize" {
        match session_id.as_deref().and_then(|sid| sessions.get_mut(sid)) {
            Some(session) => session.last_seen = SystemTime::now(),
            None => return rpc_error(id, -32600, "unknown or missing session"),
        }
    }

    let body = match req.method.as_str() {
        "initialize" => {
            let sid = state.next_session_id();
            let client_name = req.params["clientInfo"]["name"].as_str().unwrap_or("unknown");
            sessions.insert(
                sid.clone(),
                Session {
                    client_name: client_name.to_owned(),
                    log_level: "info".to_owned(),
                    last_seen: SystemTime::now(),
                },
            );
            let body = json!({
                "jsonrpc": "2.0",
                "id": id,
                "result": {
                    "protocolVersion": PROTOCOL_VERSION,
                    "capabilities": { "tools": {}, "resources": {}, "logging": {} },
                    "serverInfo": { "name": "ledger-raw", "version": "0.4.1" }
                }
            });
            let mut response = Json(body).into_response();
            if let Ok(value) = HeaderValue::from_str(&sid) {
                response.headers_mut().insert("mcp-session-id", value);
            }
            return response;
        }
        "notifications/initialized" => return StatusCode::ACCEPTED.into_response(),
        "ping" => json!({ "jsonrpc": "2.0", "id": id, "result": {} }),
        "tools/list" => json!({
            "jsonrpc": "2.0",
            "id": id,
            "result": {
                "tools": [{
                    "name": "find_invoice",
                    "description": "Look up an invoice by number",
                    "inputSchema": {
                        "type": "object",
                        "properties": { "number": { "type": "string" } },
                        "required": ["number"]
                    },
                    "annotations": { "readOnlyHint": true }
                }]
            }
        }),
        "resources/read" => {
            let uri = req.params["uri"].as_str().unwrap_or_default().to_owned();
            let number = uri.strip_prefix("invoice://").unwrap_or_default();
            match state.ledger.invoice(number).await {
                Some(invoice) => json!({
                    "jsonrpc": "2.0",
                    "id": id,
                    "result": {
                        "contents": [{
                            "uri": uri,
                            "mimeType": "application/json",
                            "text": serde_json::to_string(&invoice).unwrap_or_default()
                        }]
                    }
                }),
                None => return rpc_error(id, -32002, "Resource not found"),
            }
        }
        "logging/setLevel" => {
            let level = req.params["level"].as_str().unwrap_or("info").to_owned();
            if let Some(session) = session_id.as_deref().and_then(|sid| sessions.get_mut(sid)) {
                tracing::info!(client = %session.client_name, %level, "log level changed");
                session.log_level = level;
            }
            json!({ "jsonrpc": "2.0", "id": id, "result": {} })
        }
        other => return rpc_error(id, -32601, &format!("method not found: {other}")),
    };
    Json(body).into_response()
}

pub async fn close_session(State(state): State<RawState>, headers: HeaderMap) -> StatusCode {
    let Some(sid) = headers.get("mcp-session-id").and_then(|v| v.to_str().ok()) else {
        return StatusCode::BAD_REQUEST;
    };
    match state.sessions.lock().await.remove(sid) {
        Some(_) => StatusCode::NO_CONTENT,
        None => StatusCode::NOT_FOUND,
    }
}
