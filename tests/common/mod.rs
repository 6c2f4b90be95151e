//! Helpers of the end-to-end tests: run the built binary on projects written into temporary
//! directories, and validate SARIF against the official schema.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

pub const BIN: &str = env!("CARGO_BIN_EXE_mcpshift");

/// The repository checkout (`testdata/` lives here).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A project in a fresh temporary directory, removed when dropped.
pub struct Project {
    pub dir: PathBuf,
}

impl Project {
    pub fn new(name: &str) -> Project {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("mcpshift-e2e-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        if let Err(e) = std::fs::create_dir_all(&dir) {
            panic!("cannot create {}: {e}", dir.display());
        }
        Project { dir }
    }

    /// Writes a file (creating its directories).
    pub fn file(&self, rel: &str, text: &str) -> &Project {
        let path = self.dir.join(rel);
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if let Err(e) = std::fs::write(&path, text) {
            panic!("cannot write {}: {e}", path.display());
        }
        self
    }

    pub fn read(&self, rel: &str) -> String {
        match std::fs::read_to_string(self.dir.join(rel)) {
            Ok(t) => t,
            Err(e) => panic!("cannot read {rel}: {e}"),
        }
    }

    /// Runs `mcpshift` with the project as the current directory.
    pub fn run(&self, args: &[&str]) -> Output {
        run_in(&self.dir, args)
    }

    /// Runs a git command in the project.
    pub fn git(&self, args: &[&str]) -> String {
        let out = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"])
            .args(args)
            .current_dir(&self.dir)
            .output();
        match out {
            Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
            Ok(o) => panic!("git {args:?} failed: {}", String::from_utf8_lossy(&o.stderr)),
            Err(e) => panic!("git {args:?}: {e}"),
        }
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    match Command::new(BIN).args(args).current_dir(dir).env_remove("NO_COLOR").output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run {BIN}: {e}"),
    }
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

pub fn json(text: &str) -> serde_json::Value {
    match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => panic!("not JSON ({e}):\n{text}"),
    }
}

/// The schema errors of a SARIF document (empty when valid), checked against the official
/// SARIF 2.1.0 schema in `testdata/` with formats (`uri`) enforced.
pub fn sarif_schema_errors(doc: &serde_json::Value) -> Vec<String> {
    let schema_text = match std::fs::read_to_string(repo().join("testdata/sarif-schema-2.1.0.json")) {
        Ok(t) => t,
        Err(e) => panic!("cannot read the SARIF schema: {e}"),
    };
    let schema = json(&schema_text);
    let validator = match jsonschema::draft4::options().should_validate_formats(true).build(&schema) {
        Ok(v) => v,
        Err(e) => panic!("the SARIF schema does not compile: {e}"),
    };
    validator.iter_errors(doc).map(|e| format!("{}: {e}", e.instance_path())).collect()
}

/// Asserts that a SARIF document is valid, listing every error otherwise.
pub fn assert_valid_sarif(doc: &serde_json::Value, what: &str) {
    let errors = sarif_schema_errors(doc);
    assert!(errors.is_empty(), "{what}: SARIF invalid against the schema:\n{}", errors.join("\n"));
}

/// A TypeScript server with findings of MCP102, MCP301 and MCP302.
pub const LEGACY_SERVER_TS: &str = "\
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { PingRequestSchema, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export function register(server: Server) {
  server.setRequestHandler(PingRequestSchema, async () => ({}));
  server.setRequestHandler(SetLevelRequestSchema, async () => ({}));
}

export function sessionOf(req: { headers: Record<string, string> }) {
  return req.headers['mcp-session-id'];
}
";

/// (path, line, rule) of every finding in a `--format json` document.
pub fn findings(doc: &serde_json::Value) -> Vec<(String, u64, String)> {
    doc["findings"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|f| {
                    (
                        f["path"].as_str().unwrap_or_default().to_string(),
                        f["line"].as_u64().unwrap_or_default(),
                        f["rule"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}
