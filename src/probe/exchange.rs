//! What one step of a probe sent and what came back, the same for both transports: the facts
//! the era, the checks and the reports are read from.

use std::time::Duration;

use serde_json::Value;

/// The requests a probe may send, and nothing else: none of them has a side effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// `server/discover` with the modern per-request `_meta` (and headers, on HTTP).
    Discover,
    /// A method no server implements, sent the modern way to a server that answered discover.
    UnknownMethod,
    /// The legacy handshake, asking for 2026-07-28, as a dual-era client falls back to it.
    Initialize,
    /// HTTP `GET` on the endpoint (a legacy server opens its SSE stream there).
    Get,
    /// HTTP `DELETE` on the endpoint (a legacy server ends a session there).
    Delete,
}

impl Step {
    pub fn name(self) -> &'static str {
        match self {
            Step::Discover => "discover",
            Step::UnknownMethod => "unknown-method",
            Step::Initialize => "initialize",
            Step::Get => "get",
            Step::Delete => "delete",
        }
    }

    /// The JSON-RPC id of the step's request (GET and DELETE carry none).
    pub fn id(self) -> Option<u64> {
        match self {
            Step::Discover => Some(1),
            Step::UnknownMethod => Some(2),
            Step::Initialize => Some(3),
            Step::Get | Step::Delete => None,
        }
    }
}

/// One request and its answer.
#[derive(Clone, Debug)]
pub struct Exchange {
    pub step: Step,
    /// What was sent, for the report: `POST server/discover`, `server/discover (stdin line)`.
    pub sent: String,
    pub elapsed: Duration,
    /// The HTTP side of the answer; `None` on stdio or when no HTTP response came.
    pub http: Option<HttpFacts>,
    pub answer: Answer,
    /// Messages the server sent while the probe waited for this answer that were not the answer.
    pub stray: Vec<Stray>,
    /// Anything else worth a line in the report (an id that does not match, skipped events).
    pub notes: Vec<String>,
    /// The answer came after the step's timeout, while the probe waited for a later step.
    pub late: bool,
}

impl Exchange {
    pub fn new(step: Step, sent: String) -> Exchange {
        Exchange {
            step,
            sent,
            elapsed: Duration::ZERO,
            http: None,
            answer: Answer::Failed(Failure::new(FailureKind::Closed, "not sent")),
            stray: Vec::new(),
            notes: Vec::new(),
            late: false,
        }
    }

    pub fn result(&self) -> Option<&Value> {
        match &self.answer {
            Answer::Result(v) => Some(v),
            _ => None,
        }
    }

    pub fn error(&self) -> Option<&RpcError> {
        match &self.answer {
            Answer::Error(e) => Some(e),
            _ => None,
        }
    }

    /// Whether anything at all came back: an HTTP response, or a JSON-RPC message on stdio.
    pub fn answered(&self) -> bool {
        self.http.is_some() || matches!(self.answer, Answer::Result(_) | Answer::Error(_))
    }
}

/// The parts of an HTTP response the probe reads.
#[derive(Clone, Debug, Default)]
pub struct HttpFacts {
    pub status: u16,
    pub content_type: Option<String>,
    /// An `Mcp-Session-Id` on the answer; its value is a credential and is never reported.
    pub session_id: SessionId,
    /// The `MCP-Protocol-Version` header of the answer.
    pub protocol_version: Option<String>,
}

/// The `Mcp-Session-Id` header of an answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SessionId {
    #[default]
    None,
    /// A new id, of this many characters.
    Minted(usize),
    /// The id the request carried, sent back.
    Echoed,
}

/// What came back for a request.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A JSON-RPC result.
    Result(Value),
    /// A JSON-RPC error.
    Error(RpcError),
    /// An answer that carries no JSON-RPC response: an HTTP status with an HTML page, an SSE
    /// stream opened on GET, an empty `202`.
    Other(String),
    /// No answer.
    Failed(Failure),
}

/// A JSON-RPC error object.
#[derive(Clone, Debug, PartialEq)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
    pub data: Option<Value>,
}

impl RpcError {
    /// `-32601 "Method not found"`
    pub fn describe(&self) -> String {
        format!("{} {:?}", self.code, clip(&self.message, 120))
    }
}

/// Why no answer came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: FailureKind,
    pub detail: String,
}

impl Failure {
    pub fn new(kind: FailureKind, detail: impl Into<String>) -> Failure {
        Failure { kind, detail: detail.into() }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// No connection: refused, no such host, TLS failed, the command could not start.
    Unreachable,
    /// Connected (or started), but no answer within the timeout.
    Timeout,
    /// The connection or the server's stdout closed before an answer.
    Closed,
    /// Bytes came back that are not HTTP, not JSON or not JSON-RPC.
    Garbage,
    /// The answer grew past the byte cap before it was complete.
    TooLarge,
    /// The user interrupted the probe.
    Interrupted,
}

/// A message the server sent that no request of the probe asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stray {
    /// A JSON-RPC request from the server (`sampling/createMessage`, `roots/list`, `ping`).
    Request(String),
    /// A `notifications/message` log, though no request carried a log level.
    Log,
    /// Any other notification.
    Notification(String),
    /// A JSON-RPC response to an id the probe did not use, or a second answer to one it did.
    Response(String),
    /// A line of stdout (stdio) that is not a JSON-RPC message.
    NotJsonRpc(String),
}

/// The first `max` characters of `text`, with `…` when cut.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Bytes as text for the report: lossy UTF-8, runs of white space as one space, control
/// characters replaced, clipped.
pub fn excerpt(bytes: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut cleaned = String::new();
    for word in text.split_whitespace() {
        if !cleaned.is_empty() {
            cleaned.push(' ');
        }
        cleaned.extend(word.chars().map(|c| if c.is_control() { char::REPLACEMENT_CHARACTER } else { c }));
    }
    clip(&cleaned, max)
}
