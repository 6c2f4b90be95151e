//! The probe over Streamable HTTP: `server/discover` the 2026-07-28 way, an unknown method (to a
//! server that answered it), `initialize` the 2025 way, then `GET` and `DELETE` on the endpoint.
//! Every request has the step timeout, every body read a byte cap, and no redirect is followed
//! (that would send a request the probe does not promise).

use std::io::{ErrorKind, Read};
use std::time::{Duration, Instant};

use serde_json::Value;
use ureq::http::Response;
use ureq::{Agent, Body};

use super::era;
use super::exchange::{excerpt, Answer, Exchange, Failure, FailureKind, HttpFacts, SessionId, Step, Stray};
use super::message::{self, MODERN_VERSION};
use super::sse;

/// The most bytes read from an answer that is JSON or an SSE stream.
pub const ANSWER_CAP: usize = 1024 * 1024;
/// The most bytes read from an answer that is neither (an HTML page), for its excerpt.
const OTHER_CAP: usize = 4096;

/// Runs the HTTP steps against `url`, in order; a step that cannot tell anything new is not sent.
pub fn probe(url: &str, headers: &[(String, String)], timeout: Duration) -> Vec<Exchange> {
    let agent = agent(url, timeout);
    let client = Client { agent: &agent, url, headers };
    let mut exchanges = Vec::new();

    let (discover, _) = client.post(Step::Discover);
    let unreachable = matches!(&discover.answer, Answer::Failed(f) if f.kind == FailureKind::Unreachable);
    let modern = era::answers_discover(&discover);
    exchanges.push(discover);
    if unreachable {
        // Nothing else would connect either.
        return exchanges;
    }
    if modern {
        exchanges.push(client.post(Step::UnknownMethod).0);
    }
    let (initialize, session) = client.post(Step::Initialize);
    let negotiated = initialize.result().and_then(|r| r.get("protocolVersion")).and_then(Value::as_str);
    // A legacy client goes on with the session and the version the handshake gave it.
    let legacy = LegacyContext { session, version: negotiated.map(str::to_string) };
    exchanges.push(initialize);
    if exchanges.iter().all(|e| e.http.is_none()) {
        // No POST got an HTTP answer: GET and DELETE would not get one either.
        return exchanges;
    }
    exchanges.push(client.bare(Step::Get, &legacy));
    exchanges.push(client.bare(Step::Delete, &legacy));
    exchanges
}

fn agent(url: &str, timeout: Duration) -> Agent {
    // Proxies come from the environment (HTTP_PROXY, NO_PROXY), except for a server on this
    // machine: a proxy's loopback is another machine's (Go's HTTP client does the same).
    let proxy = if is_loopback(url) { None } else { ureq::Proxy::try_from_env() };
    Agent::config_builder()
        .proxy(proxy)
        .http_status_as_error(false)
        .max_redirects(0)
        .timeout_resolve(Some(timeout))
        .timeout_connect(Some(timeout))
        // A little over the step so that a connection that never comes reads as one.
        .timeout_global(Some(timeout + Duration::from_millis(100)))
        .user_agent(format!("mcpshift/{}", env!("CARGO_PKG_VERSION")))
        .build()
        .into()
}

fn is_loopback(url: &str) -> bool {
    let Ok(uri) = url.parse::<ureq::http::Uri>() else { return false };
    let host = uri.host().unwrap_or_default().trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// What a legacy client sends after `initialize`: the session id it was given, if any, and
/// the negotiated version.
struct LegacyContext {
    session: Option<String>,
    version: Option<String>,
}

struct Client<'a> {
    agent: &'a Agent,
    url: &'a str,
    headers: &'a [(String, String)],
}

impl Client<'_> {
    /// A JSON-RPC request; also returns the session id the answer minted (kept for GET and
    /// DELETE, never reported).
    fn post(&self, step: Step) -> (Exchange, Option<String>) {
        let (Some(method), Some(body), Some(id)) = (message::method(step), message::request(step), step.id()) else {
            return (Exchange::new(step, String::new()), None);
        };
        let mut exchange = Exchange::new(step, format!("POST {method}"));
        let mut request = self
            .agent
            .post(self.url)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream");
        if message::is_modern(step) {
            request = request.header("MCP-Protocol-Version", MODERN_VERSION).header("Mcp-Method", method);
        }
        for (name, value) in self.headers {
            request = request.header(name, value);
        }
        let started = Instant::now();
        let session = match request.send(body) {
            Ok(response) => read_answer(&mut exchange, response, Some(id), None),
            Err(e) => {
                exchange.answer = Answer::Failed(failure(e));
                None
            }
        };
        exchange.elapsed = started.elapsed();
        (exchange, session)
    }

    /// `GET` or `DELETE` on the endpoint, as a legacy client sends them.
    fn bare(&self, step: Step, legacy: &LegacyContext) -> Exchange {
        let (mut request, sent) = match step {
            Step::Get => {
                (self.agent.get(self.url).header("Accept", "text/event-stream"), "GET (Accept: text/event-stream)")
            }
            _ => (self.agent.delete(self.url), "DELETE"),
        };
        let mut sent = sent.to_string();
        if let Some(session) = &legacy.session {
            request = request.header("Mcp-Session-Id", session);
            sent.push_str(" with the session id initialize minted");
        }
        if let Some(version) = &legacy.version {
            request = request.header("MCP-Protocol-Version", version);
        }
        for (name, value) in self.headers {
            request = request.header(name, value);
        }
        let mut exchange = Exchange::new(step, sent);
        let started = Instant::now();
        match request.call() {
            Ok(response) => {
                read_answer(&mut exchange, response, None, legacy.session.as_deref());
            }
            Err(e) => exchange.answer = Answer::Failed(failure(e)),
        }
        exchange.elapsed = started.elapsed();
        exchange
    }
}

/// Reads an HTTP answer into the exchange; returns the session id it carried. `sent` is the
/// session id of the request, which the answer may echo.
fn read_answer(
    exchange: &mut Exchange,
    response: Response<Body>,
    id: Option<u64>,
    sent: Option<&str>,
) -> Option<String> {
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    let status = response.status().as_u16();
    let content_type = header("content-type");
    let session = header("mcp-session-id");
    exchange.http = Some(HttpFacts {
        status,
        content_type: content_type.clone(),
        session_id: match &session {
            None => SessionId::None,
            Some(s) if Some(s.as_str()) == sent => SessionId::Echoed,
            Some(s) => SessionId::Minted(s.len()),
        },
        protocol_version: header("mcp-protocol-version"),
    });
    let mime = content_type
        .as_deref()
        .map(|c| c.split(';').next().unwrap_or_default().trim().to_ascii_lowercase())
        .unwrap_or_default();
    let location = header("location");
    let body = response.into_body();
    if let (300..=399, Some(to)) = (status, &location) {
        exchange.answer = Answer::Other(format!("{status}: a redirect to {to}, not followed (probe that URL)"));
        return session;
    }
    exchange.answer = match mime.as_str() {
        // A stream opened on GET is the legacy sign itself: close it at once.
        "text/event-stream" if exchange.step == Step::Get => {
            Answer::Other(format!("{status}: opened an SSE stream (closed at once)"))
        }
        "text/event-stream" => read_stream(exchange, body, id),
        "application/json" => match read_capped(body, ANSWER_CAP) {
            Ok((bytes, false)) if bytes.iter().all(u8::is_ascii_whitespace) => {
                Answer::Other(format!("{status}, empty application/json body"))
            }
            Ok((bytes, false)) => read_json(exchange, &bytes, id),
            Ok((_, true)) => too_large(),
            Err(e) => Answer::Failed(body_failure(e)),
        },
        _ => match read_capped(body, OTHER_CAP) {
            Ok((bytes, _)) if bytes.iter().all(u8::is_ascii_whitespace) => Answer::Other(format!(
                "{status}{}, empty body",
                content_type.as_deref().map(|c| format!(" {c}")).unwrap_or_default()
            )),
            Ok((bytes, _)) => Answer::Other(format!(
                "{status} {}: {}",
                content_type.as_deref().unwrap_or("without Content-Type"),
                excerpt(&bytes, 100)
            )),
            Err(e) => Answer::Failed(body_failure(e)),
        },
    };
    session
}

fn too_large() -> Answer {
    Answer::Failed(Failure::new(FailureKind::TooLarge, format!("the answer is larger than {} KiB", ANSWER_CAP / 1024)))
}

/// A JSON body: one message or a batch.
fn read_json(exchange: &mut Exchange, bytes: &[u8], id: Option<u64>) -> Answer {
    let value: Value = match serde_json::from_slice(bytes) {
        Ok(v) => v,
        Err(_) => {
            return Answer::Failed(Failure::new(
                FailureKind::Garbage,
                format!("the application/json body is not JSON: {}", excerpt(bytes, 120)),
            ))
        }
    };
    let mut found = message::read_body(&value, id.unwrap_or(0));
    exchange.stray.extend(found.strays());
    if id.is_some() {
        exchange.notes.extend(found.notes);
    }
    match found.answer {
        Some((_, answer)) => answer,
        None => Answer::Failed(Failure::new(
            FailureKind::Garbage,
            format!("JSON, but no JSON-RPC response: {}", excerpt(bytes, 120)),
        )),
    }
}

/// An SSE answer: events up to the first that answers the request.
fn read_stream(exchange: &mut Exchange, body: Body, id: Option<u64>) -> Answer {
    let expected = id.unwrap_or(0);
    let mut reader = sse::Reader::new(body.into_reader(), ANSWER_CAP);
    let mut collector = message::Collector::default();
    let mut events = 0usize;
    let mut event_ids = false;
    let end = loop {
        match reader.next_event() {
            Ok(event) => {
                events += 1;
                event_ids |= event.has_id;
                match serde_json::from_str::<Value>(&event.data) {
                    Ok(value) => {
                        if collector.take(&value, expected) {
                            break None;
                        }
                    }
                    Err(_) => collector
                        .stray
                        .push(Stray::NotJsonRpc(format!("SSE data {}", excerpt(event.data.as_bytes(), 80)))),
                }
            }
            Err(end) => break Some(end),
        }
    };
    exchange.stray.extend(collector.strays());
    if event_ids {
        exchange
            .notes
            .push("SSE events carry `id:` fields: resumable streams, which 2026-07-28 removed (MCP103)".into());
    }
    if events > 1 {
        exchange.notes.push(format!("{events} SSE events read"));
    }
    match (collector.answer, end) {
        (Some((_, answer)), _) => answer,
        (None, None) => Answer::Failed(Failure::new(FailureKind::Closed, "the SSE stream ended without an answer")),
        (None, Some(sse::End::Closed)) => Answer::Failed(Failure::new(
            FailureKind::Closed,
            format!("the SSE stream ended after {events} event(s) without an answer"),
        )),
        (None, Some(sse::End::TooLarge(_))) => Answer::Failed(Failure::new(
            FailureKind::TooLarge,
            format!("no answer in the first {} KiB of the SSE stream ({events} event(s))", ANSWER_CAP / 1024),
        )),
        (None, Some(sse::End::Read(e))) => Answer::Failed(body_failure(e)),
    }
}

/// Up to `cap` bytes of a body, and whether there was more.
fn read_capped(body: Body, cap: usize) -> std::io::Result<(Vec<u8>, bool)> {
    let mut bytes = Vec::new();
    body.into_reader().take(cap as u64 + 1).read_to_end(&mut bytes)?;
    let more = bytes.len() > cap;
    bytes.truncate(cap);
    Ok((bytes, more))
}

fn failure(e: ureq::Error) -> Failure {
    use ureq::Error as E;
    use ureq::Timeout as T;
    match e {
        E::Timeout(T::Resolve | T::Connect) => {
            Failure::new(FailureKind::Unreachable, "no connection within the timeout")
        }
        E::Timeout(_) => Failure::new(FailureKind::Timeout, "no answer within the timeout"),
        E::HostNotFound => Failure::new(FailureKind::Unreachable, "no such host"),
        E::ConnectionFailed => Failure::new(FailureKind::Unreachable, "the connection failed"),
        E::Io(io) => io_failure(&io),
        E::Tls(why) => Failure::new(FailureKind::Unreachable, format!("TLS: {why}")),
        E::Rustls(why) => Failure::new(FailureKind::Unreachable, format!("TLS: {why}")),
        E::Protocol(why) => Failure::new(FailureKind::Garbage, format!("not an HTTP answer ({why})")),
        E::LargeResponseHeader(..) => Failure::new(FailureKind::TooLarge, "the answer's headers are too large"),
        other => Failure::new(FailureKind::Garbage, other.to_string()),
    }
}

fn io_failure(io: &std::io::Error) -> Failure {
    match io.kind() {
        ErrorKind::ConnectionRefused => Failure::new(FailureKind::Unreachable, "connection refused"),
        ErrorKind::TimedOut | ErrorKind::WouldBlock => {
            Failure::new(FailureKind::Timeout, "no answer within the timeout")
        }
        ErrorKind::UnexpectedEof
        | ErrorKind::ConnectionReset
        | ErrorKind::ConnectionAborted
        | ErrorKind::BrokenPipe => {
            Failure::new(FailureKind::Closed, "the server closed the connection before answering")
        }
        _ => Failure::new(FailureKind::Unreachable, io.to_string()),
    }
}

/// A failure while reading a body: ureq reports its own errors (a timeout) inside the I/O error.
fn body_failure(e: std::io::Error) -> Failure {
    let inner = e.get_ref().and_then(|inner| inner.downcast_ref::<ureq::Error>());
    match inner {
        Some(ureq::Error::Timeout(_)) => {
            Failure::new(FailureKind::Timeout, "the answer did not complete within the timeout")
        }
        Some(ureq::Error::Io(io)) => io_failure(io),
        Some(other) => Failure::new(FailureKind::Closed, format!("the answer broke off ({other})")),
        None => match io_failure(&e) {
            f if f.kind == FailureKind::Unreachable => {
                Failure::new(FailureKind::Closed, format!("the answer broke off ({e})"))
            }
            f => f,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts_are_never_proxied() {
        for url in ["http://127.0.0.1:3000/mcp", "http://localhost/mcp", "http://[::1]:8080/", "http://127.8.0.1/"] {
            assert!(is_loopback(url), "{url}");
        }
        for url in ["https://mcp.example.com/mcp", "http://10.0.0.1/mcp", "http://localhost.example/mcp"] {
            assert!(!is_loopback(url), "{url}");
        }
    }
}
