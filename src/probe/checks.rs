//! The migration checks that can be seen from outside, each read from the exchanges. A check
//! that fails or warns names the rules whose static findings explain it, so that the probe and
//! `mcpshift check` tell one story.
//!
//! Where a dual-era server keeps a legacy behaviour for legacy clients on purpose (sessions on
//! `initialize`, a GET stream), the check warns instead of failing, as `check --target dual`
//! turns those findings into notes.

use serde::Serialize;
use serde_json::Value;

use super::era::{self, Era};
use super::exchange::{Answer, Exchange, RpcError, SessionId, Step, Stray};
use super::message::{self, MODERN_VERSION};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Pass,
    Info,
    Skip,
    Warn,
    Fail,
}

impl Outcome {
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Info => "info",
            Outcome::Skip => "skip",
            Outcome::Warn => "warn",
            Outcome::Fail => "FAIL",
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Check {
    pub id: &'static str,
    pub title: &'static str,
    pub outcome: Outcome,
    pub evidence: String,
    /// The static rules that explain a failure or warning (empty otherwise).
    pub rules: Vec<&'static str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    Http,
    Stdio,
}

type CheckFn = fn(&Cx) -> Verdict;

/// Every check, in report order: id, title, and how it reads the exchanges.
const CHECKS: [(&str, &str, CheckFn); 13] = [
    ("discover", "server/discover answers with a DiscoverResult", discover),
    ("discover-fields", "the DiscoverResult names its versions, capabilities and server", discover_fields),
    ("result-type", "the result carries resultType", result_type),
    ("cache-hints", "the DiscoverResult carries valid cache hints (ttlMs, cacheScope)", cache_hints),
    ("unknown-method", "an unknown method is answered -32601", unknown_method),
    ("initialize", "the legacy initialize handshake is not completed", initialize),
    ("session-id", "no Mcp-Session-Id is minted", session_id),
    ("get-405", "GET on the endpoint is answered 405", get_405),
    ("delete-405", "DELETE on the endpoint is answered 405", delete_405),
    ("error-codes", "no retired error code, and none from the reserved ranges", error_codes),
    ("protocol-version-header", "MCP-Protocol-Version on the discover answer", protocol_version_header),
    ("no-server-messages", "no requests or unrequested messages from the server", server_messages),
    ("json-rpc-only", "the server writes nothing but JSON-RPC messages", json_rpc_only),
];

/// Runs every check; none runs against a server that speaks no MCP.
pub fn run(exchanges: &[Exchange], era: Era, transport: Transport) -> Vec<Check> {
    let cx = Cx { exchanges, era, transport };
    CHECKS
        .iter()
        .map(|&(id, title, check)| {
            let v = if era.is_mcp() { check(&cx) } else { skip(not_mcp_word(era)) };
            let rules = if matches!(v.outcome, Outcome::Fail | Outcome::Warn) { v.rules } else { Vec::new() };
            Check { id, title, outcome: v.outcome, evidence: v.evidence, rules }
        })
        .collect()
}

fn not_mcp_word(era: Era) -> &'static str {
    if era == Era::Unreachable {
        "the server did not answer"
    } else {
        "the server does not speak MCP"
    }
}

struct Cx<'a> {
    exchanges: &'a [Exchange],
    era: Era,
    transport: Transport,
}

impl Cx<'_> {
    fn step(&self, step: Step) -> Option<&Exchange> {
        self.exchanges.iter().find(|e| e.step == step)
    }

    fn discover_result(&self) -> Option<&Value> {
        self.step(Step::Discover).and_then(Exchange::result).filter(|r| era::is_discover_result(r))
    }

    /// Fail, or only warn where a dual-era server keeps a legacy behaviour on purpose.
    fn legacy_kept(&self) -> Outcome {
        if self.era == Era::Dual {
            Outcome::Warn
        } else {
            Outcome::Fail
        }
    }
}

struct Verdict {
    outcome: Outcome,
    evidence: String,
    rules: Vec<&'static str>,
}

fn verdict(outcome: Outcome, evidence: impl Into<String>, rules: &[&'static str]) -> Verdict {
    Verdict { outcome, evidence: evidence.into(), rules: rules.to_vec() }
}

fn pass(evidence: impl Into<String>) -> Verdict {
    verdict(Outcome::Pass, evidence, &[])
}

fn skip(evidence: impl Into<String>) -> Verdict {
    verdict(Outcome::Skip, evidence, &[])
}

const NO_DISCOVER_RESULT: &str = "no DiscoverResult to read";

fn discover(cx: &Cx) -> Verdict {
    let Some(e) = cx.step(Step::Discover) else { return skip("not sent") };
    match &e.answer {
        Answer::Result(r) if era::is_discover_result(r) && e.late => verdict(
            Outcome::Warn,
            format!(
                "answered {}, but only after the timeout: a client waiting as long falls back to initialize",
                era::describe_discover(e)
            ),
            &[],
        ),
        Answer::Result(r) if era::is_discover_result(r) => pass(format!("answered {}", era::describe_discover(e))),
        Answer::Error(err) if era::modern_error(err).is_some() => verdict(
            Outcome::Warn,
            format!(
                "answered the modern error {} {}{}: a 2026-07-28 server, but it rejected this request",
                err.code,
                era::modern_error(err).unwrap_or_default(),
                era::supported_in_error(err).map(|s| format!(" (supports {})", s.join(", "))).unwrap_or_default()
            ),
            &[],
        ),
        _ => verdict(Outcome::Fail, format!("answered {}", era::describe(e)), &["MCP202"]),
    }
}

fn discover_fields(cx: &Cx) -> Verdict {
    let Some(r) = cx.discover_result() else { return skip(NO_DISCOVER_RESULT) };
    let mut must = Vec::new();
    let mut should = Vec::new();
    let versions: Option<Vec<&str>> =
        r.get("supportedVersions").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect());
    match (&versions, r.get("supportedVersions").and_then(Value::as_array)) {
        (Some(v), Some(a)) if !v.is_empty() && v.len() == a.len() => {}
        _ => must.push("supportedVersions is not a non-empty list of strings".to_string()),
    }
    if !r.get("capabilities").is_some_and(Value::is_object) {
        must.push("capabilities is missing or not an object".into());
    }
    if r.get("instructions").is_some_and(|i| !i.is_string()) {
        must.push("instructions is not a string".into());
    }
    let info = r.get("_meta").and_then(|m| m.get(message::SERVER_INFO_META));
    if r.get("serverInfo").is_some() {
        should.push("serverInfo stands at the top level (the draft shape); 2026-07-28 puts it in _meta".to_string());
    } else if info.is_none() {
        should.push(format!("no _meta[\"{}\"] (servers SHOULD name themselves)", message::SERVER_INFO_META));
    }
    if !must.is_empty() {
        must.extend(should);
        return verdict(Outcome::Fail, must.join("; "), &[]);
    }
    if !should.is_empty() {
        return verdict(Outcome::Warn, should.join("; "), &[]);
    }
    let name = info.map(server_name).unwrap_or_default();
    let versions = versions.unwrap_or_default().join(", ");
    let modern = if versions.split(", ").any(|v| v == MODERN_VERSION) {
        String::new()
    } else {
        format!(" (not {MODERN_VERSION})")
    };
    pass(format!("supportedVersions {versions}{modern}; capabilities; serverInfo {name}"))
}

/// `name version` of an `Implementation`.
pub fn server_name(info: &Value) -> String {
    let field = |k| info.get(k).and_then(Value::as_str).unwrap_or("?");
    format!("{} {}", field("name"), field("version"))
}

fn result_type(cx: &Cx) -> Verdict {
    let Some(r) = cx.discover_result() else { return skip(NO_DISCOVER_RESULT) };
    match r.get("resultType") {
        Some(Value::String(t)) if t == "complete" => pass("resultType \"complete\""),
        None => verdict(Outcome::Fail, "no resultType (every 2026-07-28 result carries one)", &["MCP403"]),
        Some(Value::String(t)) if t == "input_required" => {
            verdict(Outcome::Fail, "resultType \"input_required\", which server/discover may not answer", &["MCP403"])
        }
        Some(other) => {
            verdict(Outcome::Fail, format!("resultType {other}, which a client must treat as invalid"), &["MCP403"])
        }
    }
}

fn cache_hints(cx: &Cx) -> Verdict {
    let Some(r) = cx.discover_result() else { return skip(NO_DISCOVER_RESULT) };
    let mut problems = Vec::new();
    let ttl = r.get("ttlMs");
    match ttl {
        None => problems.push("no ttlMs".to_string()),
        Some(Value::Number(n)) if n.is_u64() => {}
        Some(v) => problems.push(format!("ttlMs {v} is not an integer ≥ 0")),
    }
    let scope = r.get("cacheScope");
    match scope.and_then(Value::as_str) {
        Some("public" | "private") => {}
        _ => match scope {
            None => problems.push("no cacheScope".into()),
            Some(v) => problems.push(format!("cacheScope {v} is neither \"public\" nor \"private\"")),
        },
    }
    if !problems.is_empty() {
        return verdict(Outcome::Fail, problems.join("; "), &["MCP404"]);
    }
    pass(format!(
        "ttlMs {}, cacheScope {}",
        ttl.map(Value::to_string).unwrap_or_default(),
        scope.map(Value::to_string).unwrap_or_default()
    ))
}

fn unknown_method(cx: &Cx) -> Verdict {
    let Some(e) = cx.step(Step::UnknownMethod) else {
        return skip("sent only to a server that answers server/discover");
    };
    let status = e.http.as_ref().map(|h| h.status);
    let what = era::describe(e);
    match &e.answer {
        Answer::Error(err) if err.code == -32601 => match status {
            None | Some(404) => pass(format!("answered {what}")),
            Some(_) => verdict(Outcome::Warn, format!("answered {what}; the spec maps -32601 to HTTP 404"), &[]),
        },
        Answer::Error(err) if err.code == -32002 => verdict(
            Outcome::Fail,
            format!("answered {what}: -32002 is the retired resource-not-found code"),
            &["MCP401"],
        ),
        Answer::Error(err) => {
            let rules: &[&str] = if reserved(err.code).is_some() { &["MCP402"] } else { &[] };
            verdict(Outcome::Fail, format!("answered {what}, not -32601"), rules)
        }
        _ => verdict(Outcome::Fail, format!("answered {what}, not error -32601"), &[]),
    }
}

fn initialize(cx: &Cx) -> Verdict {
    let Some(e) = cx.step(Step::Initialize) else { return skip("not sent") };
    let what = era::describe(e);
    if let Some(v) = era::negotiated(e) {
        if v == MODERN_VERSION {
            return verdict(
                Outcome::Fail,
                format!("completed it, claiming {v}: 2026-07-28 has no initialize"),
                &["MCP201"],
            );
        }
        return match cx.era {
            Era::Dual => verdict(
                Outcome::Warn,
                format!("completed it, negotiating {v}: kept for legacy clients (the dual era)"),
                &["MCP201"],
            ),
            _ => verdict(
                Outcome::Fail,
                format!(
                    "asked for {MODERN_VERSION}, it negotiated {v} without a word: a client that does not compare versions believes it speaks {MODERN_VERSION}"
                ),
                &["MCP201", "MCP203"],
            ),
        };
    }
    match &e.answer {
        Answer::Error(err) => match era::supported_in_error(err) {
            Some(s) if !s.is_empty() => {
                pass(format!("rejected with {what}, naming the supported versions {}", s.join(", ")))
            }
            _ => verdict(
                Outcome::Warn,
                format!("rejected with {what}, without naming the supported versions (a modern-only server SHOULD)"),
                &[],
            ),
        },
        _ => verdict(Outcome::Warn, format!("not rejected with a JSON-RPC error: {what}"), &[]),
    }
}

fn session_id(cx: &Cx) -> Verdict {
    if cx.transport == Transport::Stdio {
        return skip("stdio has no session header");
    }
    let minted: Vec<&Exchange> = cx
        .exchanges
        .iter()
        .filter(|e| e.http.as_ref().is_some_and(|h| matches!(h.session_id, SessionId::Minted(_))))
        .collect();
    if minted.is_empty() {
        return pass("no answer carried Mcp-Session-Id");
    }
    let steps: Vec<&str> = minted.iter().map(|e| e.step.name()).collect();
    let modern = minted.iter().any(|e| message::is_modern(e.step));
    let outcome = if modern { Outcome::Fail } else { cx.legacy_kept() };
    let whose = if modern {
        "including 2026-07-28 requests"
    } else if cx.era == Era::Dual {
        "only for legacy requests, kept for legacy clients"
    } else {
        "the legacy session"
    };
    verdict(outcome, format!("minted on the answer to {} ({whose})", steps.join(", ")), &["MCP101", "MCP102"])
}

fn get_405(cx: &Cx) -> Verdict {
    method_405(cx, Step::Get)
}

fn delete_405(cx: &Cx) -> Verdict {
    method_405(cx, Step::Delete)
}

fn method_405(cx: &Cx, step: Step) -> Verdict {
    if cx.transport == Transport::Stdio {
        return skip("HTTP only");
    }
    let Some(e) = cx.step(step) else { return skip("not sent: no POST got an HTTP answer") };
    let what = match &e.answer {
        Answer::Other(o) => format!("HTTP {o}"),
        _ => era::describe(e),
    };
    match &e.http {
        Some(h) if h.status == 405 => pass("answered 405 Method Not Allowed"),
        Some(h) if step == Step::Delete && (200..300).contains(&h.status) => verdict(
            cx.legacy_kept(),
            format!("answered {what}: a legacy server ends a session there"),
            &["MCP104", "MCP101"],
        ),
        _ => verdict(cx.legacy_kept(), format!("answered {what}"), &["MCP104"]),
    }
}

/// What the spec says about an error code in a reserved range, with the rule that finds it
/// in code.
fn reserved(code: i64) -> Option<(Outcome, &'static str, &'static [&'static str])> {
    match code {
        -32002 => Some((Outcome::Fail, "the retired resource-not-found code (now -32602)", &["MCP401"])),
        -32042 => Some((Outcome::Fail, "the retired URL-elicitation code", &["MCP307"])),
        -32001 | -32003 | -32004 => {
            Some((Outcome::Warn, "a draft number that never shipped, in the legacy range", &["MCP205", "MCP402"]))
        }
        -32022..=-32020 => None,
        -32099..=-32023 => {
            Some((Outcome::Fail, "reserved for the specification, which does not define it", &["MCP402"]))
        }
        -32019..=-32000 => {
            Some((Outcome::Warn, "in −32000…−32019, which new implementations SHOULD NOT use", &["MCP402"]))
        }
        _ => None,
    }
}

fn error_codes(cx: &Cx) -> Verdict {
    // Each code once, with the steps that got it, in the order seen.
    let mut seen: Vec<(i64, Vec<&str>)> = Vec::new();
    for e in cx.exchanges {
        if let Some(RpcError { code, .. }) = e.error() {
            match seen.iter_mut().find(|(c, _)| c == code) {
                Some((_, steps)) => steps.push(e.step.name()),
                None => seen.push((*code, vec![e.step.name()])),
            }
        }
    }
    let mut outcome = Outcome::Pass;
    let mut rules: Vec<&'static str> = Vec::new();
    let mut evidence = Vec::new();
    for (code, steps) in &seen {
        if let Some((o, why, r)) = reserved(*code) {
            outcome = outcome.max(o);
            for rule in r {
                if !rules.contains(rule) {
                    rules.push(rule);
                }
            }
            evidence.push(format!("{code} on {}: {why}", steps.join(", ")));
        }
    }
    if evidence.is_empty() {
        let codes: Vec<String> = seen.iter().map(|(c, _)| c.to_string()).collect();
        return pass(if codes.is_empty() {
            "no error answers".into()
        } else {
            format!("codes seen: {}", codes.join(", "))
        });
    }
    Verdict { outcome, evidence: evidence.join("; "), rules }
}

fn protocol_version_header(cx: &Cx) -> Verdict {
    if cx.transport == Transport::Stdio {
        return skip("HTTP only");
    }
    let Some(h) = cx.step(Step::Discover).and_then(|e| e.http.as_ref()) else { return skip("no HTTP answer") };
    match &h.protocol_version {
        Some(v) if v == MODERN_VERSION => verdict(Outcome::Info, format!("echoed {v}"), &[]),
        Some(v) => verdict(Outcome::Warn, format!("answered {v} to a {MODERN_VERSION} request"), &[]),
        None => verdict(Outcome::Info, "not echoed (the spec does not ask servers to)", &[]),
    }
}

fn server_messages(cx: &Cx) -> Verdict {
    let mut outcome = Outcome::Pass;
    let mut rules = Vec::new();
    let mut evidence = Vec::new();
    for e in cx.exchanges {
        for s in &e.stray {
            let (o, text, rule) = match s {
                Stray::Request(m) => {
                    (Outcome::Fail, format!("a request `{m}` (servers no longer send requests)"), Some("MCP305"))
                }
                Stray::Log => (
                    Outcome::Fail,
                    "notifications/message, though no request asked for logs".to_string(),
                    Some("MCP302"),
                ),
                Stray::Notification(m) => (Outcome::Warn, format!("a notification `{m}` no request asked for"), None),
                Stray::Response(id) => (
                    Outcome::Warn,
                    format!("a response to id {id}, which had its answer already or was never used"),
                    None,
                ),
                Stray::NotJsonRpc(_) => continue,
            };
            outcome = outcome.max(o);
            if let Some(r) = rule {
                if !rules.contains(&r) {
                    rules.push(r);
                }
            }
            let line = format!("{text} during {}", e.step.name());
            if !evidence.contains(&line) {
                evidence.push(line);
            }
        }
    }
    if evidence.is_empty() {
        return pass("none");
    }
    Verdict { outcome, evidence: evidence.join("; "), rules }
}

fn json_rpc_only(cx: &Cx) -> Verdict {
    let bad: Vec<String> = cx
        .exchanges
        .iter()
        .flat_map(|e| e.stray.iter())
        .filter_map(|s| match s {
            Stray::NotJsonRpc(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    if bad.is_empty() {
        return pass("every message read was JSON-RPC");
    }
    let shown: Vec<String> = bad.iter().take(2).map(|t| format!("{t:?}")).collect();
    let more = if bad.len() > 2 { format!(" and {} more", bad.len() - 2) } else { String::new() };
    let place = if cx.transport == Transport::Stdio { "stdout" } else { "the answers" };
    verdict(Outcome::Fail, format!("{place} carried {}{more}", shown.join(", ")), &[])
}
