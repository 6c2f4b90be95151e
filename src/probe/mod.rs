//! `mcpshift probe`: asks a running server which protocol era it speaks, over Streamable HTTP
//! or stdio, and checks from outside what the static analysis checks in code.
//!
//! The data flow, top to bottom: a transport ([`http`] or [`stdio`]) sends the few requests a
//! probe may send and records each [`exchange`] → [`era`] reads the era from them → [`checks`]
//! reads each migration check and [`capabilities`] the capability table → [`report`] renders.

pub mod capabilities;
pub mod checks;
pub mod era;
pub mod exchange;
pub mod http;
pub mod message;
pub mod report;
pub mod sse;
pub mod stdio;

use std::io::Write;
use std::time::Duration;

use clap::{ArgGroup, ValueEnum};
use serde_json::Value;

use checks::{Outcome, Transport};
use era::Era;
use exchange::{Exchange, Step};
use report::{Exit, Report, ServerFacts, Target};

/// Exit code of a probe the user interrupted (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: i32 = 130;

#[derive(Debug, clap::Args)]
#[command(group(ArgGroup::new("server").required(true).args(["url", "command"])))]
pub struct ProbeArgs {
    /// The server's Streamable HTTP endpoint (http:// or https://).
    #[arg(value_name = "URL", value_parser = parse_url)]
    pub url: Option<String>,
    /// The command that starts a stdio server, after `--`; it is run without a shell.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
    /// A header sent with every HTTP request, e.g. `--header 'Authorization: Bearer …'`
    /// (repeatable; never printed).
    #[arg(long = "header", value_name = "NAME:VALUE", value_parser = parse_header, conflicts_with = "command")]
    pub headers: Vec<(String, String)>,
    /// How long each step may take, in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ProbeFormat::Human)]
    pub format: ProbeFormat,
    /// Exit with 1 when the server is legacy (`legacy`, the default) or not modern-only
    /// (`dual`), or when a check fails; `never`: only an unreachable or non-MCP server fails.
    #[arg(long, value_enum, default_value_t = ProbeFailOn::Legacy)]
    pub fail_on: ProbeFailOn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProbeFormat {
    Human,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProbeFailOn {
    Legacy,
    Dual,
    Never,
}

impl ProbeFailOn {
    fn name(self) -> &'static str {
        match self {
            ProbeFailOn::Legacy => "legacy",
            ProbeFailOn::Dual => "dual",
            ProbeFailOn::Never => "never",
        }
    }
}

fn parse_url(value: &str) -> Result<String, String> {
    let uri: ureq::http::Uri = value.parse().map_err(|e| format!("not a URL ({e})"))?;
    match (uri.scheme_str(), uri.host()) {
        (Some("http" | "https"), Some(_)) => Ok(value.to_string()),
        _ => Err("the URL must start with http:// or https:// and name a host".into()),
    }
}

fn parse_header(value: &str) -> Result<(String, String), String> {
    let (name, v) = value.split_once(':').ok_or("expected NAME:VALUE")?;
    let name = name.trim();
    ureq::http::HeaderName::from_bytes(name.as_bytes()).map_err(|_| format!("`{name}` is not a header name"))?;
    let v = v.trim();
    ureq::http::HeaderValue::from_str(v)
        .map_err(|_| format!("the value of `{name}` has characters a header cannot carry"))?;
    Ok((name.to_string(), v.to_string()))
}

fn parse_timeout(value: &str) -> Result<Duration, String> {
    let seconds: f64 = value.parse().map_err(|_| format!("`{value}` is not a number of seconds"))?;
    if !(0.01..=600.0).contains(&seconds) {
        return Err("the timeout must be between 0.01 and 600 seconds".into());
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Runs a probe and prints its report; returns the exit code.
pub fn run(args: ProbeArgs) -> Result<i32, String> {
    let (target, transport) = match &args.url {
        Some(url) => (Target::Http(url.clone()), Transport::Http),
        None => (Target::Stdio(args.command.clone()), Transport::Stdio),
    };
    let (exchanges, processes) = match &target {
        Target::Http(url) => (http::probe(url, &args.headers, args.timeout), Vec::new()),
        Target::Stdio(command) => {
            let outcome = stdio::probe(command, args.timeout);
            if outcome.interrupted {
                eprintln!("mcpshift: interrupted; the server's processes were killed and reaped");
                return Ok(EXIT_INTERRUPTED);
            }
            (outcome.exchanges, outcome.processes)
        }
    };
    let report = assemble(target, transport, exchanges, processes, args.fail_on);
    let text = match args.format {
        ProbeFormat::Human => report::human(&report),
        ProbeFormat::Json => report::json(&report),
    };
    let mut out = std::io::stdout().lock();
    // A closed pipe (`| head`) is not an error worth a message.
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    Ok(report.exit.code)
}

/// Reads the era, the checks, the server's facts and its capabilities from the exchanges.
pub fn assemble(
    target: Target,
    transport: Transport,
    exchanges: Vec<Exchange>,
    processes: Vec<stdio::ProcessRun>,
    fail_on: ProbeFailOn,
) -> Report {
    let verdict = era::judge(&exchanges);
    let checks = checks::run(&exchanges, verdict.era, transport);
    let step = |s| exchanges.iter().find(|e| e.step == s);
    let discovered = step(Step::Discover).and_then(Exchange::result).filter(|r| era::is_discover_result(r));
    let initialized = step(Step::Initialize).filter(|e| era::negotiated(e).is_some()).and_then(Exchange::result);

    let mut server = ServerFacts {
        negotiated_version: step(Step::Initialize).and_then(era::negotiated).map(str::to_string),
        ..ServerFacts::default()
    };
    if let Some(d) = discovered {
        let info = d.get("_meta").and_then(|m| m.get(message::SERVER_INFO_META)).or_else(|| d.get("serverInfo"));
        server.info = info.map(checks::server_name);
        server.supported_versions = d["supportedVersions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect();
        server.instructions = d.get("instructions").and_then(Value::as_str).map(str::to_string);
    } else if let Some(i) = initialized {
        server.info = i.get("serverInfo").map(checks::server_name);
        server.instructions = i.get("instructions").and_then(Value::as_str).map(str::to_string);
    }

    let legacy_table = initialized.map(|i| capabilities::table(i.get("capabilities").unwrap_or(&Value::Null)));
    let (capabilities_from, capabilities, legacy_differences) = match (discovered, legacy_table) {
        (Some(d), legacy) => {
            let rows = capabilities::table(d.get("capabilities").unwrap_or(&Value::Null));
            let diffs = legacy.map(|l| capabilities::differences(&rows, &l)).unwrap_or_default();
            (Some("server/discover"), rows, diffs)
        }
        (None, Some(legacy)) => (Some("initialize"), legacy, Vec::new()),
        (None, None) => (None, Vec::new(), Vec::new()),
    };

    let mut report = Report {
        target,
        verdict,
        server,
        capabilities_from,
        capabilities,
        legacy_differences,
        checks,
        exchanges,
        processes,
        exit: Exit { code: 0, why: String::new() },
    };
    report.exit = exit(&report, fail_on);
    report
}

/// 2 when there is no MCP server to judge; 1 when the era is at or past `--fail-on`, or a
/// check failed (unless `never`); 0 otherwise.
fn exit(r: &Report, fail_on: ProbeFailOn) -> Exit {
    let era = r.verdict.era;
    let failed = r.count(Outcome::Fail);
    let flag = format!("--fail-on {}", fail_on.name());
    let (code, why) = match era {
        Era::Unreachable => (2, "the server did not answer".to_string()),
        Era::NotMcp => (2, "no MCP server answered".to_string()),
        _ if fail_on == ProbeFailOn::Never => (0, format!("{flag} fails only on an unreachable or non-MCP server")),
        Era::Legacy => (1, format!("the server is legacy ({flag})")),
        Era::Dual if fail_on == ProbeFailOn::Dual => (1, format!("the server still serves legacy clients ({flag})")),
        _ if failed > 0 => (1, format!("{} failed ({flag})", if failed == 1 { "a check" } else { "checks" })),
        _ => (0, format!("no check failed and the era passes {flag}")),
    };
    Exit { code, why }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_headers_urls_and_timeouts() {
        assert_eq!(parse_header("Authorization: Bearer x"), Ok(("Authorization".into(), "Bearer x".into())));
        assert!(parse_header("no colon").is_err());
        assert!(parse_header("bad name: x").is_err());
        assert!(parse_header("X-A: a\nb").is_err());
        assert!(parse_url("http://127.0.0.1:3000/mcp").is_ok());
        assert!(parse_url("ftp://host/x").is_err());
        assert!(parse_url("/mcp").is_err());
        assert_eq!(parse_timeout("2.5"), Ok(Duration::from_millis(2500)));
        assert!(parse_timeout("0").is_err());
        assert!(parse_timeout("ten").is_err());
    }
}
