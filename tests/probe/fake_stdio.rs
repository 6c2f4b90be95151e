//! A fake MCP server on stdio for the probe's tests, compiled by the tests with `rustc` (std
//! only). Its first argument says how it behaves:
//!
//! - `modern`, `dual`, `legacy`: the three eras, answering what each era answers;
//! - `noisy`: modern, but prints a banner on stdout and asks the client for roots first;
//! - `slow`: dual, but takes 1.5 seconds before its first answer (a slow start);
//! - `silent`: reads its stdin and never answers;
//! - `garbage`: answers every line with text that is not JSON;
//! - `flood`: writes stdout without end and without a newline;
//! - `exit`: writes to stderr and exits with status 3 at once;
//! - `stubborn`: never answers, ignores the end of its stdin, starts a `sleep` child, and
//!   writes its pid and the child's to the file named by the second argument.
//!
//! It reads the probe's requests with string searches: the probe writes compact JSON.

use std::io::{BufRead, Write};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match mode.as_str() {
        "exit" => {
            eprintln!("fatal: no configuration found");
            std::process::exit(3);
        }
        "flood" => {
            let chunk = [b'x'; 65536];
            loop {
                if out.write_all(&chunk).is_err() {
                    return;
                }
            }
        }
        "stubborn" => {
            let child = std::process::Command::new("sleep").arg("600").spawn().ok();
            let child_pid = child.as_ref().map(|c| c.id()).unwrap_or(0);
            if let Some(file) = std::env::args().nth(2) {
                let _ = std::fs::write(format!("{file}.tmp"), format!("{} {child_pid}\n", std::process::id()));
                let _ = std::fs::rename(format!("{file}.tmp"), file);
            }
            for _ in std::io::stdin().lock().lines() {}
            loop {
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
        }
        _ => {}
    }
    if mode == "noisy" {
        let _ = writeln!(out, "fake server 1.0 listening on stdio");
        let _ = writeln!(out, r#"{{"jsonrpc":"2.0","id":"r1","method":"roots/list"}}"#);
        let _ = out.flush();
    }
    let mut first = true;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { return };
        if mode == "slow" && std::mem::take(&mut first) {
            std::thread::sleep(std::time::Duration::from_millis(1500));
        }
        let (Some(method), Some(id)) = (field(&line, "\"method\":\""), number(&line, "\"id\":")) else { continue };
        let answer = match (mode.as_str(), method.as_str()) {
            ("silent", _) => continue,
            ("garbage", _) => "Traceback (most recent call last): oops".to_string(),
            ("legacy", "server/discover") => error(id, -32601, "Method not found"),
            ("legacy", "initialize") => result(
                id,
                r#"{"protocolVersion":"2025-11-25","capabilities":{"prompts":{},"resources":{"subscribe":true}},"serverInfo":{"name":"fake-legacy","version":"0.1.0"}}"#,
            ),
            (_, "server/discover") => result(
                id,
                r#"{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{},"resources":{"subscribe":true,"listChanged":true}},"resultType":"complete","ttlMs":60000,"cacheScope":"public","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fake-modern","version":"0.1.0"}}}"#,
            ),
            ("dual" | "slow", "initialize") => result(
                id,
                r#"{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"fake-dual","version":"0.1.0"}}"#,
            ),
            (_, "initialize") => format!(
                r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32022,"message":"Unsupported protocol version","data":{{"supported":["2026-07-28"],"requested":"2026-07-28"}}}}}}"#
            ),
            _ => error(id, -32601, "Method not found"),
        };
        if writeln!(out, "{answer}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}

fn result(id: u64, result: &str) -> String {
    format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{result}}}"#)
}

fn error(id: u64, code: i64, message: &str) -> String {
    format!(r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":{code},"message":"{message}"}}}}"#)
}

/// The string after `key` up to the next quote.
fn field(line: &str, key: &str) -> Option<String> {
    let rest = &line[line.find(key)? + key.len()..];
    Some(rest[..rest.find('"')?].to_string())
}

/// The number after `key`.
fn number(line: &str, key: &str) -> Option<u64> {
    let rest = &line[line.find(key)? + key.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}
