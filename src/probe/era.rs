//! Which era a server speaks, read from its answers the way the spec tells a dual-era client
//! to read them: a `DiscoverResult`, or an error only a 2026-07-28 server sends, means modern;
//! an `initialize` result means the server still completes the legacy handshake.

use serde::Serialize;
use serde_json::Value;

use super::exchange::{Answer, Exchange, FailureKind, RpcError, Step};
use super::message::MODERN_VERSION;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Era {
    /// Answers `server/discover` and no longer completes `initialize`.
    Modern,
    /// Answers `server/discover` and still completes `initialize`.
    Dual,
    /// Completes `initialize` only.
    Legacy,
    /// Answers, but nothing that reads as MCP of either era.
    NotMcp,
    /// No answer at all.
    Unreachable,
}

impl Era {
    pub fn name(self) -> &'static str {
        match self {
            Era::Modern => "modern",
            Era::Dual => "dual",
            Era::Legacy => "legacy",
            Era::NotMcp => "not-mcp",
            Era::Unreachable => "unreachable",
        }
    }

    /// Whether the server speaks MCP of some era.
    pub fn is_mcp(self) -> bool {
        matches!(self, Era::Modern | Era::Dual | Era::Legacy)
    }
}

/// The era and the reason, in one sentence.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub era: Era,
    pub reason: String,
}

/// Whether a `server/discover` exchange shows a 2026-07-28 server.
pub fn answers_discover(exchange: &Exchange) -> bool {
    match &exchange.answer {
        Answer::Result(result) => is_discover_result(result),
        Answer::Error(e) => modern_error(e).is_some(),
        _ => false,
    }
}

/// A result that a client can choose a version from: `supportedVersions` is a list.
pub fn is_discover_result(result: &Value) -> bool {
    result.get("supportedVersions").is_some_and(Value::is_array)
}

/// The name of an error only the 2026-07-28 revision defines (a 2025 server rejects an
/// unsupported version with −32602, so `data.supported` alone proves nothing).
pub fn modern_error(e: &RpcError) -> Option<&'static str> {
    match e.code {
        -32020 => Some("HeaderMismatch"),
        -32021 => Some("MissingRequiredClientCapability"),
        -32022 => Some("UnsupportedProtocolVersion"),
        _ => None,
    }
}

/// The protocol version an `initialize` exchange negotiated.
pub fn negotiated(exchange: &Exchange) -> Option<&str> {
    exchange.result()?.get("protocolVersion")?.as_str()
}

/// The versions a −32022 error names as supported.
pub fn supported_in_error(e: &RpcError) -> Option<Vec<String>> {
    let list = e.data.as_ref()?.get("supported")?.as_array()?;
    Some(list.iter().filter_map(Value::as_str).map(str::to_string).collect())
}

pub fn judge(exchanges: &[Exchange]) -> Verdict {
    let find = |step| exchanges.iter().find(|e| e.step == step);
    let discover = find(Step::Discover);
    let initialize = find(Step::Initialize);
    // An error only 2026-07-28 defines also shows a modern server when it answers initialize
    // (one whose answer to server/discover came too late, say).
    let rejects_initialize = initialize.and_then(Exchange::error).and_then(modern_error);
    let modern = discover.is_some_and(answers_discover) || rejects_initialize.is_some();
    let legacy = initialize.and_then(negotiated);
    let d = discover.map(describe_discover).unwrap_or_else(|| "not sent".into());
    let i = initialize.map(describe).unwrap_or_else(|| "not sent".into());
    let (era, reason) = match (modern, legacy) {
        (true, Some(v)) => (
            Era::Dual,
            format!("answers server/discover with {d}, and still completes a legacy initialize (negotiated {v})"),
        ),
        (true, None) if discover.is_some_and(answers_discover) => {
            (Era::Modern, format!("answers server/discover with {d}; initialize: {i}"))
        }
        (true, None) => (
            Era::Modern,
            format!(
                "rejects initialize with the modern error {}; yet server/discover: {d}",
                rejects_initialize.unwrap_or_default()
            ),
        ),
        (false, Some(v)) if v == MODERN_VERSION => {
            (Era::Legacy, format!("server/discover: {d}; yet initialize claims {v}, a revision without initialize"))
        }
        (false, Some(v)) => {
            (Era::Legacy, format!("server/discover: {d}; initialize negotiated {v} when asked for {MODERN_VERSION}"))
        }
        (false, None) if exchanges.iter().any(heard) => (Era::NotMcp, not_mcp_reason(exchanges, &d, &i)),
        (false, None) => (Era::Unreachable, unreachable_reason(exchanges)),
    };
    Verdict { era, reason }
}

/// Whether anything came back for the exchange, MCP or not.
fn heard(e: &Exchange) -> bool {
    e.answered()
        || !e.stray.is_empty()
        || matches!(&e.answer, Answer::Failed(f) if matches!(f.kind, FailureKind::Garbage | FailureKind::TooLarge))
}

fn not_mcp_reason(exchanges: &[Exchange], d: &str, i: &str) -> String {
    let statuses: Vec<u16> = exchanges.iter().filter_map(|e| e.http.as_ref().map(|h| h.status)).collect();
    if !statuses.is_empty() && statuses.iter().all(|s| matches!(s, 401 | 403)) {
        return format!(
            "every request was refused with HTTP {}: the endpoint wants credentials (pass them with --header)",
            statuses[0]
        );
    }
    format!("no answer reads as MCP: server/discover: {d}; initialize: {i}")
}

fn unreachable_reason(exchanges: &[Exchange]) -> String {
    let first = exchanges.iter().find_map(|e| match &e.answer {
        Answer::Failed(f) => Some(f),
        _ => None,
    });
    first.map_or_else(|| "no answer".into(), |f| f.detail.clone())
}

/// A `server/discover` exchange's answer in a few words, naming a DiscoverResult as one.
pub fn describe_discover(e: &Exchange) -> String {
    match &e.answer {
        Answer::Result(r) if is_discover_result(r) => {
            let versions: Vec<&str> = r
                .get("supportedVersions")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            let status = e.http.as_ref().map(|h| format!("HTTP {}; ", h.status)).unwrap_or_default();
            format!("a DiscoverResult ({status}supportedVersions {})", versions.join(", "))
        }
        Answer::Error(err) if modern_error(err).is_some() => {
            let supported = supported_in_error(err).map(|s| format!(", supports {}", s.join(", "))).unwrap_or_default();
            format!("the modern error {} {}{supported}", err.code, modern_error(err).unwrap_or_default())
        }
        _ => describe(e),
    }
}

/// One exchange's answer in a few words: `error -32601 "Method not found" (HTTP 404)`.
pub fn describe(e: &Exchange) -> String {
    let status = e.http.as_ref().map(|h| format!(" (HTTP {})", h.status)).unwrap_or_default();
    match &e.answer {
        Answer::Result(r) => match r.get("protocolVersion").and_then(Value::as_str) {
            Some(v) if e.step == Step::Initialize => format!("a result, protocolVersion {v}{status}"),
            _ => format!("a result{status}"),
        },
        Answer::Error(err) => format!("error {}{status}", err.describe()),
        Answer::Other(what) => format!("HTTP {what}"),
        Answer::Failed(f) => f.detail.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::exchange::Failure;
    use serde_json::json;

    fn exchange(step: Step, answer: Answer) -> Exchange {
        let mut e = Exchange::new(step, String::new());
        e.answer = answer;
        e
    }

    fn error(code: i64, data: Option<Value>) -> Answer {
        Answer::Error(RpcError { code, message: String::new(), data })
    }

    fn discover_result() -> Answer {
        Answer::Result(json!({ "supportedVersions": ["2026-07-28"], "capabilities": {} }))
    }

    fn negotiated(version: &str) -> Answer {
        Answer::Result(json!({ "protocolVersion": version, "capabilities": {} }))
    }

    fn era_of(discover: Answer, initialize: Answer) -> Era {
        judge(&[exchange(Step::Discover, discover), exchange(Step::Initialize, initialize)]).era
    }

    #[test]
    fn the_three_eras() {
        let rejected = error(-32022, Some(json!({ "supported": ["2026-07-28"], "requested": "2026-07-28" })));
        assert_eq!(era_of(discover_result(), rejected.clone()), Era::Modern);
        assert_eq!(era_of(discover_result(), negotiated("2025-11-25")), Era::Dual);
        assert_eq!(era_of(error(-32601, None), negotiated("2025-11-25")), Era::Legacy);
        // A 2025 server rejects an unknown version with -32602 and data.supported: not modern.
        let old_rejection = error(-32602, Some(json!({ "supported": ["2025-11-25"], "requested": "2026-07-28" })));
        assert_eq!(era_of(old_rejection, negotiated("2025-11-25")), Era::Legacy);
        // A modern error on initialize shows a modern server whose discover answer came too late.
        let timeout = Answer::Failed(Failure::new(FailureKind::Timeout, "no answer within the timeout"));
        assert_eq!(era_of(timeout.clone(), rejected), Era::Modern);
        // A result without supportedVersions is no DiscoverResult.
        assert_eq!(era_of(Answer::Result(json!({})), error(-32601, None)), Era::NotMcp);
        assert_eq!(era_of(timeout.clone(), timeout), Era::Unreachable);
    }

    #[test]
    fn a_modern_error_on_discover_is_modern() {
        let unsupported = error(-32022, Some(json!({ "supported": ["2027-01-01"], "requested": "2026-07-28" })));
        let verdict = judge(&[exchange(Step::Discover, unsupported), exchange(Step::Initialize, error(-32601, None))]);
        assert_eq!(verdict.era, Era::Modern);
        assert!(verdict.reason.contains("supports 2027-01-01"), "{}", verdict.reason);
    }
}
