//! A probe's report, and its two renderings: `human` (a checklist with evidence) and `json`
//! (the same facts, with a top-level `era`).

use serde::Serialize;
use serde_json::{json, Value};

use super::capabilities::Row;
use super::checks::{Check, Outcome};
use super::era::Verdict;
use super::exchange::{clip, Answer, Exchange, FailureKind, SessionId, Stray};
use super::stdio::{Ended, ProcessRun};

/// What was probed.
#[derive(Clone, Debug)]
pub enum Target {
    Http(String),
    Stdio(Vec<String>),
}

/// What the server says about itself.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ServerFacts {
    /// `name version`, from the DiscoverResult's `_meta` or the initialize result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub info: Option<String>,
    pub supported_versions: Vec<String>,
    /// The version `initialize` negotiated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negotiated_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
}

pub struct Report {
    pub target: Target,
    pub verdict: Verdict,
    pub server: ServerFacts,
    /// Where the capabilities were read: `server/discover` or `initialize`.
    pub capabilities_from: Option<&'static str>,
    pub capabilities: Vec<Row>,
    /// For a dual-era server: capabilities it advertises differently to legacy clients.
    pub legacy_differences: Vec<String>,
    pub checks: Vec<Check>,
    pub exchanges: Vec<Exchange>,
    pub processes: Vec<ProcessRun>,
    pub exit: Exit,
}

/// The exit code and why.
#[derive(Clone, Debug)]
pub struct Exit {
    pub code: i32,
    pub why: String,
}

impl Report {
    pub fn count(&self, outcome: Outcome) -> usize {
        self.checks.iter().filter(|c| c.outcome == outcome).count()
    }
}

pub fn human(r: &Report) -> String {
    let mut s = String::new();
    match &r.target {
        Target::Http(url) => s.push_str(&format!("mcpshift probe {url}\n\n")),
        Target::Stdio(cmd) => s.push_str(&format!("mcpshift probe -- {}\n\n", shell_words(cmd))),
    }
    s.push_str(&format!("Era: {}\n  {}\n", r.verdict.era.name(), r.verdict.reason));

    if r.verdict.era.is_mcp() {
        s.push_str("\nServer\n");
        let versions = if r.server.supported_versions.is_empty() {
            "-".to_string()
        } else {
            r.server.supported_versions.join(", ")
        };
        s.push_str(&format!("  {:<20} {}\n", "name", r.server.info.as_deref().unwrap_or("-")));
        s.push_str(&format!("  {:<20} {versions}\n", "supported versions"));
        if let Some(v) = &r.server.negotiated_version {
            s.push_str(&format!("  {:<20} {v} (initialize)\n", "negotiated"));
        }
        if let Some(i) = &r.server.instructions {
            s.push_str(&format!("  {:<20} {}\n", "instructions", clip(i, 100)));
        }
    }

    if let Some(from) = r.capabilities_from {
        s.push_str(&format!("\nCapabilities (from {from}, as a correct client reads them)\n"));
        let width = r.capabilities.iter().map(|row| row.name.len() + indent(row)).max().unwrap_or(0);
        for row in &r.capabilities {
            let pad = width - indent(row);
            s.push_str(&format!(
                "  {}{:<pad$}  {:<3}  {}\n",
                " ".repeat(indent(row)),
                row.name,
                if row.supported { "yes" } else { "no" },
                super::capabilities::spell(row.value.as_ref())
            ));
            if let Some(m) = &row.misread {
                s.push_str(&format!("  {}  ! {m}\n", " ".repeat(width)));
            }
        }
        if !r.legacy_differences.is_empty() {
            s.push_str("  Legacy clients are told otherwise (initialize):\n");
            for d in &r.legacy_differences {
                s.push_str(&format!("    {d}\n"));
            }
        }
    }

    s.push_str("\nChecks\n");
    if !r.verdict.era.is_mcp() {
        s.push_str(&format!("  none run: {}\n", r.checks.first().map(|c| c.evidence.as_str()).unwrap_or_default()));
    }
    for c in r.checks.iter().filter(|_| r.verdict.era.is_mcp()) {
        s.push_str(&format!("  {:<4}  {}: {}\n", c.outcome.label(), c.id, c.title));
        let rules = if c.rules.is_empty() { String::new() } else { format!("; rules: {}", c.rules.join(", ")) };
        s.push_str(&format!("        {}{rules}\n", c.evidence));
    }

    s.push_str("\nSteps\n");
    for (n, e) in r.exchanges.iter().enumerate() {
        let mut head = format!("  {}. {}", n + 1, e.sent);
        if let Some(h) = &e.http {
            head.push_str(&format!(" -> {}", h.status));
            if let Some(ct) = &h.content_type {
                head.push_str(&format!(" {ct}"));
            }
        }
        head.push_str(&format!(" ({} ms)", e.elapsed.as_millis()));
        s.push_str(&head);
        s.push('\n');
        s.push_str(&format!("     {}\n", answer_line(e)));
        if let Some(h) = &e.http {
            match h.session_id {
                SessionId::Minted(len) => {
                    s.push_str(&format!("     Mcp-Session-Id minted ({len} characters, not shown)\n"))
                }
                SessionId::Echoed => s.push_str("     Mcp-Session-Id sent back\n"),
                SessionId::None => {}
            }
            if let Some(v) = &h.protocol_version {
                s.push_str(&format!("     MCP-Protocol-Version: {v}\n"));
            }
        }
        if e.late {
            s.push_str("     note: answered after the timeout, while the probe waited for a later step\n");
        }
        for note in &e.notes {
            s.push_str(&format!("     note: {note}\n"));
        }
        for stray in &e.stray {
            s.push_str(&format!("     also received: {}\n", stray_text(stray)));
        }
    }

    if !r.processes.is_empty() {
        s.push_str("\nProcesses\n");
        for (n, p) in r.processes.iter().enumerate() {
            let steps: Vec<&str> = p.steps.iter().map(|s| s.name()).collect();
            let served = if steps.is_empty() { String::new() } else { format!(" ({})", steps.join(", ")) };
            s.push_str(&format!("  {}.{served} {}\n", n + 1, ended_text(&p.ended)));
            let lines: Vec<&str> = p.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
            if !lines.is_empty() {
                let shown = &lines[lines.len().saturating_sub(8)..];
                s.push_str(&format!(
                    "     stderr ({} bytes{}):\n",
                    p.stderr_bytes,
                    if shown.len() < lines.len() || p.stderr_bytes > p.stderr.len() { ", its end" } else { "" }
                ));
                for l in shown {
                    s.push_str(&format!("     | {}\n", clip(l, 160)));
                }
            }
        }
    }

    let failed = r.count(Outcome::Fail);
    let warned = r.count(Outcome::Warn);
    s.push_str(&format!(
        "\nResult: {}; {} failed, {} warned. Exit {}: {}.\n",
        r.verdict.era.name(),
        plural(failed, "check"),
        warned,
        r.exit.code,
        r.exit.why
    ));
    s
}

fn indent(row: &Row) -> usize {
    if row.name.contains('.') || row.name.starts_with("extensions[") {
        2
    } else {
        0
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A command line as one string, quoting words that need it.
fn shell_words(cmd: &[String]) -> String {
    let word = |w: &String| {
        if !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c)) {
            w.clone()
        } else {
            format!("'{}'", w.replace('\'', "'\\''"))
        }
    };
    cmd.iter().map(word).collect::<Vec<_>>().join(" ")
}

/// The relevant part of an answer, on one line.
fn answer_line(e: &Exchange) -> String {
    match &e.answer {
        Answer::Result(v) => format!("result {}", clip(&v.to_string(), 240)),
        Answer::Error(err) => match &err.data {
            Some(d) => format!("error {} data {}", err.describe(), clip(&d.to_string(), 120)),
            None => format!("error {}", err.describe()),
        },
        Answer::Other(o) => o.clone(),
        Answer::Failed(f) => format!("{}: {}", failure_word(f.kind), f.detail),
    }
}

fn failure_word(kind: FailureKind) -> &'static str {
    match kind {
        FailureKind::Unreachable => "unreachable",
        FailureKind::Timeout => "timeout",
        FailureKind::Closed => "closed",
        FailureKind::Garbage => "garbage",
        FailureKind::TooLarge => "too large",
        FailureKind::Interrupted => "interrupted",
    }
}

fn stray_text(s: &Stray) -> String {
    match s {
        Stray::Request(m) => format!("a request `{m}`"),
        Stray::Log => "a notifications/message log".into(),
        Stray::Notification(m) => format!("a notification `{m}`"),
        Stray::Response(id) => format!("a response to id {id}, which had its answer already or was never used"),
        Stray::NotJsonRpc(t) => format!("not JSON-RPC: {t:?}"),
    }
}

fn ended_text(e: &Ended) -> String {
    match e {
        Ended::NotStarted(why) => format!("not started: {why}"),
        Ended::ExitedEarly(code) => format!("exited on its own{} while the probe talked to it", status(*code)),
        Ended::Exited(code) => format!("exited{} once its stdin closed", status(*code)),
        Ended::Killed => "still running after its stdin closed: killed with its process group".into(),
        Ended::Interrupted => "killed with its process group: the probe was interrupted".into(),
    }
}

fn status(code: Option<i32>) -> String {
    match code {
        Some(c) => format!(" with status {c}"),
        None => " on a signal".into(),
    }
}

/// Version 1 of the JSON document. Fields are only ever added.
pub fn json(r: &Report) -> String {
    let target = match &r.target {
        Target::Http(url) => json!({ "transport": "http", "url": url }),
        Target::Stdio(cmd) => json!({ "transport": "stdio", "command": cmd }),
    };
    let steps: Vec<Value> = r
        .exchanges
        .iter()
        .map(|e| {
            let mut step = json!({
                "step": e.step.name(),
                "sent": e.sent,
                "time_ms": u64::try_from(e.elapsed.as_millis()).unwrap_or(u64::MAX),
                "answer": answer_json(&e.answer),
            });
            if let Some(h) = &e.http {
                step["http"] = json!({
                    "status": h.status,
                    "content_type": h.content_type,
                    "session_id": match h.session_id {
                        SessionId::None => "none",
                        SessionId::Minted(_) => "minted",
                        SessionId::Echoed => "echoed",
                    },
                    "protocol_version": h.protocol_version,
                });
            }
            if e.late {
                step["late"] = json!(true);
            }
            if !e.notes.is_empty() {
                step["notes"] = json!(e.notes);
            }
            if !e.stray.is_empty() {
                step["also_received"] = json!(e.stray.iter().map(stray_text).collect::<Vec<_>>());
            }
            step
        })
        .collect();
    let mut doc = json!({
        "version": 1,
        "tool": { "name": "mcpshift", "version": env!("CARGO_PKG_VERSION") },
        "target": target,
        "era": r.verdict.era,
        "reason": r.verdict.reason,
        "server": r.server,
        "capabilities": { "from": r.capabilities_from, "rows": r.capabilities },
        "checks": r.checks,
        "steps": steps,
        "summary": {
            "failed": r.count(Outcome::Fail),
            "warned": r.count(Outcome::Warn),
            "passed": r.count(Outcome::Pass),
            "exit_code": r.exit.code,
        },
    });
    if !r.legacy_differences.is_empty() {
        doc["capabilities"]["legacy_differences"] = json!(r.legacy_differences);
    }
    if !r.processes.is_empty() {
        doc["processes"] = json!(r
            .processes
            .iter()
            .map(|p| json!({
                "steps": p.steps.iter().map(|s| s.name()).collect::<Vec<_>>(),
                "ended": ended_text(&p.ended),
                "stderr": p.stderr,
                "stderr_bytes": p.stderr_bytes,
            }))
            .collect::<Vec<_>>());
    }
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    text
}

fn answer_json(a: &Answer) -> Value {
    match a {
        Answer::Result(v) => json!({ "kind": "result", "result": v }),
        Answer::Error(e) => json!({ "kind": "error", "code": e.code, "message": e.message, "data": e.data }),
        Answer::Other(o) => json!({ "kind": "other", "text": o }),
        Answer::Failed(f) => json!({ "kind": "failed", "failure": failure_word(f.kind), "detail": f.detail }),
    }
}
