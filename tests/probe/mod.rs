//! `mcpshift probe` end to end, against fake servers the tests start themselves: over HTTP on
//! the loopback interface (a modern-only, a dual-era and a legacy server, one that gets the
//! migration wrong, and misbehaving ones) and over stdio (a small program the tests compile).
//!
//! The human and JSON reports of the main cases are compared with snapshots in
//! `testdata/snapshots/probe/`, with timings and ports normalised;
//! `UPDATE_SNAPSHOTS=1 cargo test --test suite probe` rewrites them.

mod fake_http;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::common::*;
use fake_http::{error, json as json_reply, result, serve, sse, status, Reply, Request};
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// Helpers

fn probe(args: &[&str]) -> Output {
    let mut all = vec!["probe"];
    all.extend_from_slice(args);
    run_in(&repo(), &all)
}

/// The report as JSON, checked to be a probe document.
fn probe_json(args: &[&str]) -> (Value, i32) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let out = probe(&all);
    let doc = json(&stdout(&out));
    assert_eq!(doc["version"], 1, "{doc}");
    (doc, code(&out))
}

/// `(check id, outcome)` of every check, in report order.
fn outcomes(doc: &Value) -> Vec<(String, String)> {
    doc["checks"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            (c["id"].as_str().unwrap_or_default().to_string(), c["outcome"].as_str().unwrap_or_default().to_string())
        })
        .collect()
}

fn assert_outcomes(doc: &Value, expected: &[(&str, &str)]) {
    let got = outcomes(doc);
    let want: Vec<(String, String)> = expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    assert_eq!(got, want, "{}", serde_json::to_string_pretty(&doc["checks"]).unwrap_or_default());
}

fn check<'a>(doc: &'a Value, id: &str) -> &'a Value {
    match doc["checks"].as_array().and_then(|a| a.iter().find(|c| c["id"] == id)) {
        Some(c) => c,
        None => panic!("no check {id} in {doc}"),
    }
}

fn rules(doc: &Value, id: &str) -> Vec<String> {
    check(doc, id)["rules"].as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect()
}

/// Replaces `before<digits>after` by `before<with>after` everywhere.
fn replace_number(text: &str, before: &str, after: &str, with: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(before) {
        let start = at + before.len();
        let digits = rest[start..].chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && rest[start + digits..].starts_with(after) {
            out.push_str(&rest[..start]);
            out.push_str(with);
            rest = &rest[start + digits..];
        } else {
            out.push_str(&rest[..start]);
            rest = &rest[start..];
        }
    }
    out.push_str(rest);
    out
}

/// Timings and ports vary from run to run; the fake's path from machine to machine.
fn normalise(text: &str) -> String {
    let text = replace_number(text, "127.0.0.1:", "/", "PORT");
    let text = replace_number(&text, "(", " ms)", "N");
    let text = replace_number(&text, "\"time_ms\": ", ",", "0");
    text.replace(&fake_stdio().display().to_string(), "fake-stdio-server")
}

fn assert_snapshot(name: &str, actual: &str) {
    let actual = normalise(actual);
    let file = repo().join("testdata/snapshots/probe").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        let _ = std::fs::create_dir_all(repo().join("testdata/snapshots/probe"));
        if let Err(e) = std::fs::write(&file, &actual) {
            panic!("cannot write {}: {e}", file.display());
        }
    }
    let expected = std::fs::read_to_string(&file).unwrap_or_default();
    if actual != expected {
        let line = expected.lines().zip(actual.lines()).position(|(e, a)| e != a).unwrap_or(0);
        panic!(
            "{name} differs from its snapshot at line {} (UPDATE_SNAPSHOTS=1 to accept):\n- {}\n+ {}\n\nwhole output:\n{actual}",
            line + 1,
            expected.lines().nth(line).unwrap_or_default(),
            actual.lines().nth(line).unwrap_or_default()
        );
    }
}

/// The stdio fake, compiled once per test run from `tests/probe/fake_stdio.rs`.
fn fake_stdio() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let bin = dir.join(format!("fake-stdio-server{}", std::env::consts::EXE_SUFFIX));
        let partial = dir.join(format!("fake-stdio-server-{}{}", std::process::id(), std::env::consts::EXE_SUFFIX));
        let source = repo().join("tests/probe/fake_stdio.rs");
        let out = Command::new(rustc())
            .args(["--edition", "2021", "--crate-name", "fake_stdio_server", "-o"])
            .arg(&partial)
            .arg(&source)
            .output();
        match out {
            Ok(o) if o.status.success() => {}
            Ok(o) => panic!("cannot compile {}: {}", source.display(), String::from_utf8_lossy(&o.stderr)),
            Err(e) => panic!("cannot run rustc: {e}"),
        }
        if let Err(e) = std::fs::rename(&partial, &bin) {
            panic!("cannot move {} into place: {e}", partial.display());
        }
        bin
    })
}

/// The compiler that builds the tests: `$RUSTC`, the one beside `$CARGO`, or `rustc`.
fn rustc() -> PathBuf {
    if let Some(r) = std::env::var_os("RUSTC") {
        return r.into();
    }
    if let Some(cargo) = std::env::var_os("CARGO") {
        let beside = Path::new(&cargo).with_file_name(format!("rustc{}", std::env::consts::EXE_SUFFIX));
        if beside.exists() {
            return beside;
        }
    }
    "rustc".into()
}

fn fake() -> String {
    fake_stdio().display().to_string()
}

// ---------------------------------------------------------------------------------------------
// Fake HTTP servers

const DISCOVER_RESULT: &str = r#"{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":true},"resources":{},"prompts":{"listChanged":false}},"resultType":"complete","ttlMs":300000,"cacheScope":"public","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fake-modern","version":"1.0.0"}}}"#;

fn discover_result() -> Value {
    serde_json::from_str(DISCOVER_RESULT).unwrap_or_default()
}

/// A request with the headers and body a 2026-07-28 client sends.
fn sent_the_modern_way(r: &Request) -> bool {
    let meta = &r.body["params"]["_meta"];
    r.header("Content-Type") == Some("application/json")
        && r.header("Accept").is_some_and(|a| a.contains("application/json") && a.contains("text/event-stream"))
        && r.header("MCP-Protocol-Version") == Some("2026-07-28")
        && r.header("Mcp-Method") == Some(r.rpc())
        && meta["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
        && meta["io.modelcontextprotocol/clientCapabilities"] == json!({})
}

/// Modern-only, as the spec asks: DiscoverResult, -32601 with 404, initialize rejected with
/// -32022 naming the versions, 405 on GET and DELETE.
fn modern(r: &Request) -> Reply {
    match (r.method.as_str(), r.rpc()) {
        ("POST", _) if r.rpc() != "initialize" && !sent_the_modern_way(r) => {
            json_reply(400, error(r.id(), -32602, "missing the 2026-07-28 headers or _meta"))
        }
        ("POST", "server/discover") => Reply::Full(
            200,
            vec![("Content-Type", "application/json".into()), ("MCP-Protocol-Version", "2026-07-28".into())],
            result(r.id(), discover_result()).to_string().into_bytes(),
        ),
        ("POST", "initialize") => json_reply(
            400,
            json!({"jsonrpc":"2.0","id":r.id(),"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"],"requested":"2026-07-28"}}}),
        ),
        ("POST", _) => json_reply(404, error(r.id(), -32601, "Method not found")),
        _ => status(405),
    }
}

/// Both eras: discover over SSE, initialize completed without a session, 405 on GET and DELETE.
fn dual(r: &Request) -> Reply {
    match (r.method.as_str(), r.rpc()) {
        ("POST", "server/discover") => sse(200, Vec::new(), &[result(r.id(), discover_result())]),
        ("POST", "initialize") => sse(
            200,
            Vec::new(),
            &[result(
                r.id(),
                json!({"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"fake-dual","version":"1.0.0"}}),
            )],
        ),
        ("POST", _) => json_reply(404, error(r.id(), -32601, "Method not found")),
        _ => status(405),
    }
}

const SESSION: &str = "0f4c2a9e-legacy-session";

/// 2025 only, with sessions: discover refused before initialize, a session minted, a stream
/// on GET (that never ends), the session ended on DELETE.
fn legacy(r: &Request) -> Reply {
    let in_session = r.header("Mcp-Session-Id") == Some(SESSION);
    match (r.method.as_str(), r.rpc()) {
        ("POST", "initialize") => {
            assert_eq!(r.header("MCP-Protocol-Version"), None, "a legacy client's first request carries no version");
            sse(
                200,
                vec![("Mcp-Session-Id", SESSION.into())],
                &[result(
                    r.id(),
                    json!({"protocolVersion":"2025-11-25","capabilities":{"resources":{"subscribe":true},"logging":{}},"serverInfo":{"name":"fake-legacy","version":"0.9.0"}}),
                )],
            )
        }
        ("POST", _) => json_reply(400, error(Value::Null, -32000, "Bad Request: Server not initialized")),
        ("GET", _) if in_session && r.header("MCP-Protocol-Version") == Some("2025-11-25") => Reply::EndlessSse,
        ("DELETE", _) if in_session => status(200),
        _ => json_reply(400, error(Value::Null, -32000, "Bad Request: No valid session ID provided")),
    }
}

/// Answers server/discover, but gets the rest of the migration wrong.
fn half_migrated(r: &Request) -> Reply {
    match (r.method.as_str(), r.rpc()) {
        ("POST", "server/discover") => {
            let answer = result(
                r.id(),
                json!({"supportedVersions":["2026-07-28","2025-11-25"],"capabilities":{"resources":{"subscribe":true},"tasks":{"list":{}}},"ttlMs":-1,"cacheScope":"shared","serverInfo":{"name":"half","version":"0.1.0"}}),
            );
            let body = format!(
                "id: 1\nevent: message\ndata: {}\n\nid: 2\ndata: {}\n\nid: 3\ndata: {answer}\n\n",
                json!({"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hello"}}),
                json!({"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{}}),
            );
            Reply::Full(
                200,
                vec![("Content-Type", "text/event-stream".into()), ("Mcp-Session-Id", "minted-on-discover".into())],
                body.into_bytes(),
            )
        }
        ("POST", "initialize") => json_reply(200, error(r.id(), -32602, "Unsupported protocol version")),
        ("POST", _) => json_reply(200, error(r.id(), -32002, "Resource not found")),
        ("GET", _) => Reply::EndlessSse,
        _ => json_reply(400, error(Value::Null, -32050, "Session handling failed")),
    }
}

// ---------------------------------------------------------------------------------------------
// HTTP: the three eras

#[test]
fn http_modern_server() {
    let fake = serve(modern);
    let (doc, exit) = probe_json(&[&fake.url]);
    assert_eq!(doc["era"], "modern", "{doc}");
    assert_eq!(exit, 0);
    assert_outcomes(
        &doc,
        &[
            ("discover", "pass"),
            ("discover-fields", "pass"),
            ("result-type", "pass"),
            ("cache-hints", "pass"),
            ("unknown-method", "pass"),
            ("initialize", "pass"),
            ("session-id", "pass"),
            ("get-405", "pass"),
            ("delete-405", "pass"),
            ("error-codes", "pass"),
            ("protocol-version-header", "info"),
            ("no-server-messages", "pass"),
            ("json-rpc-only", "pass"),
        ],
    );
    assert_eq!(doc["server"]["supported_versions"], json!(["2026-07-28"]));
    assert_eq!(doc["server"]["info"], "fake-modern 1.0.0");
    // The capability table as a correct client reads it.
    let rows = doc["capabilities"]["rows"].as_array().cloned().unwrap_or_default();
    let row = |name: &str| rows.iter().find(|r| r["name"] == name).cloned().unwrap_or_default();
    assert_eq!(row("resources")["supported"], true, "{{}} means supported");
    assert!(row("resources")["misread"].as_str().is_some_and(|m| m.contains("emptiness")));
    assert_eq!(row("prompts.listChanged")["supported"], false);
    assert_eq!(row("tools.listChanged")["supported"], true);
    assert_eq!(doc["capabilities"]["from"], "server/discover");
    // Only the promised requests went out: discover, the unknown method, initialize, GET, DELETE.
    let steps: Vec<&str> = doc["steps"].as_array().into_iter().flatten().filter_map(|s| s["step"].as_str()).collect();
    assert_eq!(steps, ["discover", "unknown-method", "initialize", "get", "delete"]);
    assert_snapshot("http-modern.json", &stdout(&probe(&["--format", "json", &fake.url])));
    assert_snapshot("http-modern.txt", &stdout(&probe(&[&fake.url])));
}

#[test]
fn http_dual_server() {
    let fake = serve(dual);
    let (doc, exit) = probe_json(&[&fake.url]);
    assert_eq!(doc["era"], "dual", "{doc}");
    assert_eq!(exit, 0, "a dual server passes --fail-on legacy");
    assert_outcomes(
        &doc,
        &[
            ("discover", "pass"),
            ("discover-fields", "pass"),
            ("result-type", "pass"),
            ("cache-hints", "pass"),
            ("unknown-method", "pass"),
            ("initialize", "warn"),
            ("session-id", "pass"),
            ("get-405", "pass"),
            ("delete-405", "pass"),
            ("error-codes", "pass"),
            ("protocol-version-header", "info"),
            ("no-server-messages", "pass"),
            ("json-rpc-only", "pass"),
        ],
    );
    assert_eq!(rules(&doc, "initialize"), ["MCP201"]);
    assert_eq!(doc["server"]["negotiated_version"], "2025-11-25");
    assert!(
        doc["capabilities"]["legacy_differences"].as_array().is_some_and(|d| d.len() == 3),
        "resources and prompts are not offered to legacy clients: {}",
        doc["capabilities"]
    );
    assert_eq!(probe_json(&["--fail-on", "dual", &fake.url]).1, 1);
    assert_eq!(probe_json(&["--fail-on", "never", &fake.url]).1, 0);
    assert_snapshot("http-dual.txt", &stdout(&probe(&[&fake.url])));
}

#[test]
fn http_legacy_server() {
    let fake = serve(legacy);
    let started = Instant::now();
    let (doc, exit) = probe_json(&[&fake.url]);
    assert!(started.elapsed() < Duration::from_secs(4), "the GET stream was not closed at once");
    assert_eq!(doc["era"], "legacy", "{doc}");
    assert_eq!(exit, 1, "--fail-on legacy is the default");
    assert_outcomes(
        &doc,
        &[
            ("discover", "fail"),
            ("discover-fields", "skip"),
            ("result-type", "skip"),
            ("cache-hints", "skip"),
            ("unknown-method", "skip"),
            ("initialize", "fail"),
            ("session-id", "fail"),
            ("get-405", "fail"),
            ("delete-405", "fail"),
            ("error-codes", "warn"),
            ("protocol-version-header", "info"),
            ("no-server-messages", "pass"),
            ("json-rpc-only", "pass"),
        ],
    );
    assert_eq!(rules(&doc, "discover"), ["MCP202"]);
    assert_eq!(rules(&doc, "initialize"), ["MCP201", "MCP203"]);
    assert_eq!(rules(&doc, "session-id"), ["MCP101", "MCP102"]);
    assert_eq!(rules(&doc, "get-405"), ["MCP104"]);
    assert_eq!(rules(&doc, "delete-405"), ["MCP104", "MCP101"]);
    assert_eq!(rules(&doc, "error-codes"), ["MCP402"]);
    assert!(check(&doc, "initialize")["evidence"].as_str().is_some_and(|e| e.contains("negotiated 2025-11-25")));
    assert_eq!(doc["capabilities"]["from"], "initialize");
    // The session id is a credential: never printed.
    let text = stdout(&probe(&[&fake.url]));
    assert!(!text.contains(SESSION), "{text}");
    assert!(!doc.to_string().contains(SESSION));
    assert!(text.contains("opened an SSE stream (closed at once)"), "{text}");
    assert_eq!(probe_json(&["--fail-on", "never", &fake.url]).1, 0);
    assert_snapshot("http-legacy.txt", &text);
    assert_snapshot("http-legacy.json", &stdout(&probe(&["--format", "json", &fake.url])));
}

#[test]
fn http_half_migrated_server_names_each_rule() {
    let fake = serve(half_migrated);
    let (doc, exit) = probe_json(&[&fake.url]);
    assert_eq!(doc["era"], "modern", "it answers discover and rejects initialize: {doc}");
    assert_eq!(exit, 1, "checks failed");
    assert_outcomes(
        &doc,
        &[
            ("discover", "pass"),
            ("discover-fields", "warn"),
            ("result-type", "fail"),
            ("cache-hints", "fail"),
            ("unknown-method", "fail"),
            ("initialize", "warn"),
            ("session-id", "fail"),
            ("get-405", "fail"),
            ("delete-405", "fail"),
            ("error-codes", "fail"),
            ("protocol-version-header", "info"),
            ("no-server-messages", "fail"),
            ("json-rpc-only", "pass"),
        ],
    );
    assert_eq!(rules(&doc, "result-type"), ["MCP403"]);
    assert_eq!(rules(&doc, "cache-hints"), ["MCP404"]);
    assert_eq!(rules(&doc, "unknown-method"), ["MCP401"]);
    assert_eq!(rules(&doc, "session-id"), ["MCP101", "MCP102"]);
    assert_eq!(rules(&doc, "error-codes"), ["MCP401", "MCP402"]);
    assert_eq!(rules(&doc, "no-server-messages"), ["MCP302", "MCP305"]);
    let evidence = |id| check(&doc, id)["evidence"].as_str().unwrap_or_default().to_string();
    assert!(evidence("cache-hints").contains("ttlMs -1") && evidence("cache-hints").contains("\"shared\""));
    assert!(evidence("discover-fields").contains("top level"));
    assert!(evidence("session-id").contains("including 2026-07-28 requests"));
    assert!(evidence("initialize").contains("without naming"));
    let rows = doc["capabilities"]["rows"].as_array().cloned().unwrap_or_default();
    let misread =
        |name: &str| rows.iter().find(|r| r["name"] == name).map(|r| r["misread"].to_string()).unwrap_or_default();
    assert!(misread("resources.listChanged").contains("without `listChanged`"), "{rows:?}");
    assert!(misread("tasks").contains("MCP306"));
    let notes = doc["steps"][0]["notes"].to_string();
    assert!(notes.contains("MCP103"), "SSE event ids are a resumability sign: {notes}");
}

#[test]
fn http_headers_are_sent_and_an_auth_wall_is_named() {
    fn guarded(r: &Request) -> Reply {
        if r.header("Authorization") == Some("Bearer s3cret") {
            modern(r)
        } else {
            Reply::Full(401, vec![("WWW-Authenticate", "Bearer".into())], b"unauthorized".to_vec())
        }
    }
    let fake = serve(guarded);
    let (doc, exit) = probe_json(&[&fake.url]);
    assert_eq!((doc["era"].as_str(), exit), (Some("not-mcp"), 2), "{doc}");
    assert!(doc["reason"].as_str().is_some_and(|r| r.contains("--header")), "{doc}");
    let (doc, exit) = probe_json(&["--header", "Authorization: Bearer s3cret", &fake.url]);
    assert_eq!((doc["era"].as_str(), exit), (Some("modern"), 0), "{doc}");
    assert!(!doc.to_string().contains("s3cret"));
}

// ---------------------------------------------------------------------------------------------
// HTTP: servers that misbehave give a clear result, quickly

/// Probes with a short timeout; returns the document, the exit code and how long it took.
fn probe_quick(url: &str) -> (Value, i32, Duration) {
    let started = Instant::now();
    let (doc, exit) = probe_json(&["--timeout", "0.5", url]);
    (doc, exit, started.elapsed())
}

fn assert_no_mcp(doc: &Value, exit: i32, era: &str, reason: &str) {
    assert_eq!(doc["era"], era, "{doc}");
    assert_eq!(exit, 2, "{doc}");
    assert!(doc["reason"].as_str().is_some_and(|r| r.contains(reason)), "reason should say {reason:?}: {doc}");
    assert!(outcomes(doc).iter().all(|(_, o)| o == "skip"), "{doc}");
}

#[test]
fn http_nothing_listening() {
    let (doc, exit, took) = probe_quick(&fake_http::refused());
    assert_no_mcp(&doc, exit, "unreachable", "connection refused");
    assert_eq!(doc["steps"].as_array().map(Vec::len), Some(1), "nothing more is sent: {doc}");
    assert!(took < Duration::from_secs(3));
}

#[test]
fn http_server_that_hangs() {
    let fake = serve(|_| Reply::Hang);
    let (doc, exit, took) = probe_quick(&fake.url);
    assert_no_mcp(&doc, exit, "unreachable", "no answer within the timeout");
    assert_eq!(doc["steps"].as_array().map(Vec::len), Some(2), "GET and DELETE are not sent: {doc}");
    assert!(took < Duration::from_secs(4), "took {took:?}");
}

#[test]
fn http_server_that_closes_at_once() {
    let fake = serve(|_| Reply::Close);
    let (doc, exit, _) = probe_quick(&fake.url);
    assert_no_mcp(&doc, exit, "unreachable", "closed the connection");
}

#[test]
fn http_server_that_answers_garbage() {
    let fake = serve(|_| Reply::Garbage);
    let (doc, exit, _) = probe_quick(&fake.url);
    assert_no_mcp(&doc, exit, "not-mcp", "not an HTTP answer");
}

#[test]
fn http_server_with_an_endless_sse_answer() {
    let fake = serve(|r| if r.method == "POST" { Reply::EndlessSse } else { status(405) });
    let started = Instant::now();
    let (doc, exit) = probe_json(&[&fake.url]);
    assert_no_mcp(&doc, exit, "not-mcp", "1024 KiB of the SSE stream");
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[test]
fn http_server_with_a_huge_body() {
    let fake = serve(|_| Reply::Huge);
    let started = Instant::now();
    let (doc, exit) = probe_json(&[&fake.url]);
    assert_no_mcp(&doc, exit, "not-mcp", "larger than 1024 KiB");
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[test]
fn http_server_that_fails_with_500() {
    let fake =
        serve(|_| Reply::Full(500, vec![("Content-Type", "text/plain".into())], b"Internal Server Error".to_vec()));
    let (doc, exit, _) = probe_quick(&fake.url);
    assert_no_mcp(&doc, exit, "not-mcp", "500 text/plain: Internal Server Error");
}

#[test]
fn http_server_with_the_wrong_content_type() {
    // A JSON-RPC body sent as HTML: a client must not read it, and neither does the probe.
    let fake = serve(|r| {
        let body = result(r.id(), discover_result()).to_string().into_bytes();
        Reply::Full(200, vec![("Content-Type", "text/html".into())], body)
    });
    let (doc, exit, _) = probe_quick(&fake.url);
    assert_no_mcp(&doc, exit, "not-mcp", "200 text/html");
}

#[test]
fn http_redirects_are_named_not_followed() {
    // Following it would send the POST again, to a port where nothing listens: the answer would
    // be "connection refused" instead of the redirect.
    let fake = serve(|r| match r.method.as_str() {
        "POST" => Reply::Full(308, vec![("Location", "http://127.0.0.1:9/elsewhere".into())], Vec::new()),
        _ => status(405),
    });
    let (doc, exit, _) = probe_quick(&fake.url);
    assert_no_mcp(&doc, exit, "not-mcp", "a redirect to http://127.0.0.1:9/elsewhere, not followed");
}

// ---------------------------------------------------------------------------------------------
// stdio

#[test]
fn stdio_modern_server() {
    let (doc, exit) = probe_json(&["--", &fake(), "modern"]);
    assert_eq!(doc["era"], "modern", "{doc}");
    assert_eq!(exit, 0);
    assert_outcomes(
        &doc,
        &[
            ("discover", "pass"),
            ("discover-fields", "pass"),
            ("result-type", "pass"),
            ("cache-hints", "pass"),
            ("unknown-method", "pass"),
            ("initialize", "pass"),
            ("session-id", "skip"),
            ("get-405", "skip"),
            ("delete-405", "skip"),
            ("error-codes", "pass"),
            ("protocol-version-header", "skip"),
            ("no-server-messages", "pass"),
            ("json-rpc-only", "pass"),
        ],
    );
    // initialize goes to a fresh process: a dual-era server pins a connection to its opening.
    let processes = doc["processes"].as_array().cloned().unwrap_or_default();
    assert_eq!(processes.len(), 2, "{doc}");
    assert_eq!(processes[0]["steps"], json!(["discover", "unknown-method"]));
    assert_eq!(processes[1]["steps"], json!(["initialize"]));
    assert!(processes.iter().all(|p| p["ended"] == "exited with status 0 once its stdin closed"), "{processes:?}");
    assert_eq!(doc["target"]["transport"], "stdio");
}

#[test]
fn stdio_dual_server() {
    let (doc, exit) = probe_json(&["--", &fake(), "dual"]);
    assert_eq!(doc["era"], "dual", "{doc}");
    assert_eq!(exit, 0);
    assert_eq!(check(&doc, "initialize")["outcome"], "warn");
    assert_eq!(probe_json(&["--fail-on", "dual", "--", &fake(), "dual"]).1, 1);
    assert_snapshot("stdio-dual.txt", &stdout(&probe(&["--", &fake(), "dual"])));
}

#[test]
fn stdio_legacy_server() {
    let (doc, exit) = probe_json(&["--", &fake(), "legacy"]);
    assert_eq!(doc["era"], "legacy", "{doc}");
    assert_eq!(exit, 1);
    assert_outcomes(
        &doc,
        &[
            ("discover", "fail"),
            ("discover-fields", "skip"),
            ("result-type", "skip"),
            ("cache-hints", "skip"),
            ("unknown-method", "skip"),
            ("initialize", "fail"),
            ("session-id", "skip"),
            ("get-405", "skip"),
            ("delete-405", "skip"),
            ("error-codes", "pass"),
            ("protocol-version-header", "skip"),
            ("no-server-messages", "pass"),
            ("json-rpc-only", "pass"),
        ],
    );
    // A legacy server gets initialize on the same stdin, as a dual-era client falls back.
    assert_eq!(doc["processes"].as_array().map(Vec::len), Some(1));
    assert_eq!(doc["processes"][0]["steps"], json!(["discover", "initialize"]));
    let rows = doc["capabilities"]["rows"].to_string();
    assert!(rows.contains("without `listChanged`"), "{rows}");
    assert_snapshot("stdio-legacy.txt", &stdout(&probe(&["--", &fake(), "legacy"])));
}

#[test]
fn stdio_answer_after_the_timeout_is_the_late_answer_of_its_step() {
    // discover times out, so initialize follows on the same stdin, as a dual-era client falls
    // back; the answer to discover comes meanwhile and is read as discover's, late.
    let (doc, exit) = probe_json(&["--timeout", "1", "--", &fake(), "slow"]);
    assert_eq!(doc["era"], "dual", "{doc}");
    assert_eq!(exit, 0);
    assert_eq!(doc["steps"][0]["late"], true, "{doc}");
    assert_eq!(check(&doc, "discover")["outcome"], "warn");
    assert!(check(&doc, "discover")["evidence"].as_str().is_some_and(|e| e.contains("only after the timeout")));
    assert_eq!(check(&doc, "cache-hints")["outcome"], "pass", "the late DiscoverResult is still read");
    assert_eq!(check(&doc, "no-server-messages")["outcome"], "pass", "a late answer is no stray message");
    assert_eq!(doc["processes"][0]["steps"], json!(["discover", "initialize"]));
}

#[test]
fn stdio_server_that_writes_more_than_json_rpc() {
    let (doc, exit) = probe_json(&["--", &fake(), "noisy"]);
    assert_eq!(doc["era"], "modern", "{doc}");
    assert_eq!(exit, 1);
    assert_eq!(check(&doc, "json-rpc-only")["outcome"], "fail");
    assert!(check(&doc, "json-rpc-only")["evidence"].as_str().is_some_and(|e| e.contains("listening on stdio")));
    assert_eq!(check(&doc, "no-server-messages")["outcome"], "fail");
    assert_eq!(rules(&doc, "no-server-messages"), ["MCP305"]);
}

#[test]
fn stdio_command_that_does_not_exist() {
    let (doc, exit) = probe_json(&["--", "/nonexistent/mcp-server", "--stdio"]);
    assert_no_mcp(&doc, exit, "unreachable", "cannot start `/nonexistent/mcp-server`");
}

#[test]
fn stdio_server_that_exits_at_once_keeps_its_stderr() {
    let (doc, exit) = probe_json(&["--", &fake(), "exit"]);
    assert_no_mcp(&doc, exit, "unreachable", "closed its stdout");
    let p = &doc["processes"][0];
    assert_eq!(p["ended"], "exited on its own with status 3 while the probe talked to it", "{doc}");
    assert_eq!(p["stderr"], "fatal: no configuration found\n");
    let text = stdout(&probe(&["--", &fake(), "exit"]));
    assert!(text.contains("| fatal: no configuration found"), "{text}");
}

#[test]
fn stdio_server_that_never_answers() {
    let started = Instant::now();
    let (doc, exit) = probe_json(&["--timeout", "0.5", "--", &fake(), "silent"]);
    assert_no_mcp(&doc, exit, "unreachable", "no answer within the timeout");
    // discover times out, then initialize on the same stdin: the fallback of a dual-era client.
    assert_eq!(doc["steps"].as_array().map(Vec::len), Some(2));
    assert!(started.elapsed() < Duration::from_secs(4), "{:?}", started.elapsed());
}

#[test]
fn stdio_server_that_answers_garbage() {
    let (doc, exit) = probe_json(&["--timeout", "0.5", "--", &fake(), "garbage"]);
    assert_no_mcp(&doc, exit, "not-mcp", "no answer reads as MCP");
    assert!(doc["steps"][0]["also_received"].to_string().contains("Traceback"), "{doc}");
}

#[test]
fn stdio_server_that_floods_stdout() {
    let started = Instant::now();
    let (doc, exit) = probe_json(&["--timeout", "0.5", "--", &fake(), "flood"]);
    assert_no_mcp(&doc, exit, "not-mcp", "no answer reads as MCP");
    assert!(doc["steps"][0]["also_received"].to_string().contains("a line longer than 1024 KiB"), "{doc}");
    assert!(started.elapsed() < Duration::from_secs(6), "{:?}", started.elapsed());
}

/// Whether a process is gone (or a zombie nobody has reaped yet, which runs no code).
#[cfg(target_os = "linux")]
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

#[cfg(target_os = "linux")]
fn wait_gone(pid: u32) -> bool {
    let until = Instant::now() + Duration::from_secs(5);
    while Instant::now() < until {
        if gone(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// The pids the stubborn fake wrote: its own and its `sleep` child's.
#[cfg(target_os = "linux")]
fn stubborn_pids(file: &Path) -> (u32, u32) {
    let until = Instant::now() + Duration::from_secs(20);
    while Instant::now() < until {
        if let Ok(text) = std::fs::read_to_string(file) {
            let pids: Vec<u32> = text.split_whitespace().filter_map(|p| p.parse().ok()).collect();
            if let [server, child] = pids[..] {
                return (server, child);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("the stubborn fake never wrote {}", file.display());
}

#[cfg(target_os = "linux")]
#[test]
fn stdio_server_that_ignores_the_end_of_stdin_is_killed_with_its_children() {
    let dir = Project::new("probe-stubborn");
    let pids = dir.dir.join("pids");
    let pids_arg = pids.display().to_string();
    let started = Instant::now();
    let (doc, exit) = probe_json(&["--timeout", "0.5", "--", &fake(), "stubborn", &pids_arg]);
    assert!(started.elapsed() < Duration::from_secs(6), "{:?}", started.elapsed());
    assert_eq!((doc["era"].as_str(), exit), (Some("unreachable"), 2), "{doc}");
    assert_eq!(doc["processes"][0]["ended"], "still running after its stdin closed: killed with its process group");
    let (server, child) = stubborn_pids(&pids);
    assert!(wait_gone(server), "the server {server} still runs");
    assert!(wait_gone(child), "the server's child {child} still runs");
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_kills_and_reaps_the_server() {
    let dir = Project::new("probe-interrupt");
    let pids = dir.dir.join("pids");
    let mut probe = match Command::new(BIN)
        .args(["probe", "--timeout", "60", "--"])
        .arg(fake_stdio())
        .arg("stubborn")
        .arg(&pids)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("cannot run {BIN}: {e}"),
    };
    let (server, child) = stubborn_pids(&pids);
    let sent = Command::new("kill").args(["-INT", &probe.id().to_string()]).status();
    assert!(sent.is_ok_and(|s| s.success()), "cannot send SIGINT");
    let until = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Ok(Some(status)) = probe.try_wait() {
            break status;
        }
        if Instant::now() > until {
            let _ = probe.kill();
            panic!("the probe did not stop on SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = probe.wait_with_output().map(|o| String::from_utf8_lossy(&o.stderr).into_owned()).unwrap_or_default();
    assert_eq!(status.code(), Some(130), "{out}");
    assert!(out.contains("interrupted"), "{out}");
    assert!(wait_gone(server), "the server {server} still runs");
    assert!(wait_gone(child), "the server's child {child} still runs");
}

// ---------------------------------------------------------------------------------------------
// The command line

#[test]
fn help_says_which_requests_are_sent() {
    let out = run_in(&repo(), &["probe", "--help"]);
    let text = stdout(&out);
    assert!(text.contains("Never tools/call"), "{text}");
    assert!(text.contains("--fail-on"), "{text}");
}

#[test]
fn a_url_and_a_command_together_or_neither_are_usage_errors() {
    assert_eq!(code(&run_in(&repo(), &["probe"])), 2);
    assert_eq!(code(&run_in(&repo(), &["probe", "http://127.0.0.1:9/mcp", "--", "server"])), 2);
    assert_eq!(code(&run_in(&repo(), &["probe", "--header", "X: y", "--", "server"])), 2);
    assert_eq!(code(&run_in(&repo(), &["probe", "ftp://host/mcp"])), 2);
}
