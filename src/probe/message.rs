//! The JSON-RPC messages of a probe: the three requests it sends, and how a message that comes
//! back is read.

use serde_json::{json, Value};

use super::exchange::{Answer, RpcError, Step, Stray};

/// The revision the probe asks for.
pub const MODERN_VERSION: &str = "2026-07-28";
/// A method no server implements.
pub const UNKNOWN_METHOD: &str = "mcpshift/no-such-method";

pub const PROTOCOL_VERSION_META: &str = "io.modelcontextprotocol/protocolVersion";
pub const CLIENT_CAPABILITIES_META: &str = "io.modelcontextprotocol/clientCapabilities";
pub const SERVER_INFO_META: &str = "io.modelcontextprotocol/serverInfo";

/// The JSON-RPC method of a step's request (GET and DELETE send none).
pub fn method(step: Step) -> Option<&'static str> {
    match step {
        Step::Discover => Some("server/discover"),
        Step::UnknownMethod => Some(UNKNOWN_METHOD),
        Step::Initialize => Some("initialize"),
        Step::Get | Step::Delete => None,
    }
}

/// Whether the step is sent the 2026-07-28 way (`_meta` in the body, MCP headers on HTTP).
pub fn is_modern(step: Step) -> bool {
    matches!(step, Step::Discover | Step::UnknownMethod)
}

/// The request of a step, serialized on one line.
pub fn request(step: Step) -> Option<String> {
    let (method, id) = (method(step)?, step.id()?);
    let params = if is_modern(step) {
        json!({ "_meta": { PROTOCOL_VERSION_META: MODERN_VERSION, CLIENT_CAPABILITIES_META: {} } })
    } else {
        json!({
            "protocolVersion": MODERN_VERSION,
            "capabilities": {},
            "clientInfo": { "name": "mcpshift", "version": env!("CARGO_PKG_VERSION") },
        })
    };
    let request = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
    Some(request.to_string())
}

/// What a JSON value received from the server is.
#[derive(Debug, PartialEq)]
pub enum Message {
    /// A response: its id (`null` for errors the server could not tie to a request) and answer.
    Response {
        id: Value,
        answer: Answer,
    },
    Request {
        method: String,
    },
    Notification {
        method: String,
    },
    /// JSON that is no JSON-RPC message.
    Invalid(String),
}

/// Reads one JSON-RPC message.
pub fn classify(value: &Value) -> Message {
    let Some(object) = value.as_object() else {
        return Message::Invalid(format!("a JSON {}, not a JSON-RPC object", kind_of(value)));
    };
    let method = object.get("method").and_then(Value::as_str);
    let id = object.get("id");
    match (method, id) {
        (Some(m), Some(_)) => return Message::Request { method: m.to_string() },
        (Some(m), None) => return Message::Notification { method: m.to_string() },
        (None, _) => {}
    }
    let id = id.cloned().unwrap_or(Value::Null);
    if let Some(result) = object.get("result") {
        return Message::Response { id, answer: Answer::Result(result.clone()) };
    }
    match object.get("error") {
        Some(error) => match rpc_error(error) {
            Some(e) => Message::Response { id, answer: Answer::Error(e) },
            None => Message::Invalid("an error object without an integer code".into()),
        },
        None => Message::Invalid("an object with neither method, result nor error".into()),
    }
}

fn rpc_error(error: &Value) -> Option<RpcError> {
    let code = error.get("code")?.as_i64()?;
    let message = error.get("message").and_then(Value::as_str).unwrap_or_default().to_string();
    Some(RpcError { code, message, data: error.get("data").cloned() })
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Whether a response id is the one the request used (a number, or its decimal string).
pub fn same_id(id: &Value, expected: u64) -> bool {
    match id {
        Value::Number(n) => n.as_u64() == Some(expected),
        Value::String(s) => s == &expected.to_string(),
        _ => false,
    }
}

/// The step whose request carried this id.
pub fn step_of(id: &Value) -> Option<Step> {
    [Step::Discover, Step::UnknownMethod, Step::Initialize].into_iter().find(|s| s.id().is_some_and(|n| same_id(id, n)))
}

/// Looks for the answer to request `expected` among messages received, in order. Messages that
/// are not the answer become strays. A response with a `null` id is taken as the answer when
/// nothing better comes: servers answer errors they cannot tie to a request that way.
#[derive(Default)]
pub struct Collector {
    pub answer: Option<(Value, Answer)>,
    /// Answers to the probe's other requests (a stdio server that answers after the timeout).
    pub late: Vec<(Step, Answer)>,
    pub stray: Vec<Stray>,
    pub notes: Vec<String>,
}

impl Collector {
    /// What was not the answer, late answers to other requests included.
    pub fn strays(&mut self) -> Vec<Stray> {
        let late = self.late.drain(..).filter_map(|(step, _)| step.id()).map(|id| Stray::Response(id.to_string()));
        let mut all: Vec<Stray> = self.stray.drain(..).collect();
        all.extend(late);
        all
    }

    /// Takes one message; returns true once the answer is found.
    pub fn take(&mut self, value: &Value, expected: u64) -> bool {
        match classify(value) {
            Message::Response { id, answer } => {
                if same_id(&id, expected) || (id.is_null() && self.answer.is_none()) {
                    let done = !id.is_null();
                    self.answer = Some((id, answer));
                    return done;
                }
                match step_of(&id) {
                    Some(step) => self.late.push((step, answer)),
                    None => self.stray.push(Stray::Response(id.to_string())),
                }
            }
            Message::Request { method } => self.stray.push(Stray::Request(method)),
            Message::Notification { method } if method == "notifications/message" => self.stray.push(Stray::Log),
            Message::Notification { method } => self.stray.push(Stray::Notification(method)),
            Message::Invalid(why) => self.stray.push(Stray::NotJsonRpc(why)),
        }
        false
    }
}

/// The answer of a whole JSON body (one message or a batch) to request `expected`: a body
/// answers one POST, so a single response counts even when its id does not match (noted).
pub fn read_body(value: &Value, expected: u64) -> Collector {
    let mut collector = Collector::default();
    let messages: Vec<&Value> = match value {
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    };
    for m in &messages {
        if collector.take(m, expected) {
            break;
        }
    }
    if collector.answer.is_none() && messages.len() == 1 {
        if let Message::Response { id, answer } = classify(messages[0]) {
            collector.stray.clear();
            collector.late.clear();
            collector.notes.push(format!("the answer's id {id} is not the request's id {expected}"));
            collector.answer = Some((id, answer));
        }
    }
    collector
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discover_request_is_the_documented_body() {
        let body = request(Step::Discover).unwrap_or_default();
        assert_eq!(
            body,
            r#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#
        );
        let init: Value = serde_json::from_str(&request(Step::Initialize).unwrap_or_default()).unwrap_or_default();
        assert_eq!(init["method"], "initialize");
        assert_eq!(init["params"]["protocolVersion"], "2026-07-28");
        assert_eq!(request(Step::Get), None);
    }

    #[test]
    fn classifies_responses_requests_and_notifications() {
        let v = json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}});
        let Message::Response { answer: Answer::Error(e), .. } = classify(&v) else { panic!("{v}") };
        assert_eq!(e.code, -32601);
        assert_eq!(
            classify(&json!({"jsonrpc":"2.0","id":9,"method":"roots/list"})),
            Message::Request { method: "roots/list".into() }
        );
        assert_eq!(
            classify(&json!({"jsonrpc":"2.0","method":"notifications/message"})),
            Message::Notification { method: "notifications/message".into() }
        );
        assert!(matches!(classify(&json!([1])), Message::Invalid(_)));
        assert!(matches!(classify(&json!({"id":1,"error":{"code":"x"}})), Message::Invalid(_)));
    }

    #[test]
    fn collector_skips_strays_and_prefers_the_matching_id() {
        let mut c = Collector::default();
        assert!(!c.take(&json!({"jsonrpc":"2.0","method":"notifications/message","params":{}}), 1));
        assert!(!c.take(&json!({"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage"}), 1));
        assert!(!c.take(&json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"x"}}), 1));
        assert!(c.take(&json!({"jsonrpc":"2.0","id":1,"result":{}}), 1));
        assert_eq!(c.stray, vec![Stray::Log, Stray::Request("sampling/createMessage".into())]);
        assert!(matches!(c.answer, Some((_, Answer::Result(_)))));
    }

    #[test]
    fn a_body_with_one_response_answers_whatever_its_id() {
        let c = read_body(&json!({"jsonrpc":"2.0","id":"server-error","error":{"code":-32600,"message":"x"}}), 1);
        assert!(matches!(c.answer, Some((_, Answer::Error(_)))));
        assert_eq!(c.notes.len(), 1);
        let c = read_body(&json!([{"jsonrpc":"2.0","id":7,"result":{}}, {"jsonrpc":"2.0","id":1,"result":{"a":1}}]), 1);
        assert_eq!(c.answer.map(|(_, a)| a), Some(Answer::Result(json!({"a":1}))));
    }
}
