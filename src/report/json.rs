//! `--format json`: a stable, versioned document (schema in the README).
//!
//! Version 1: `{ version, tool, target, summary, findings[], not_analyzed[] }`. Fields are only
//! ever added; a breaking change bumps `version`. Suppressed findings are counted in the
//! summary and left out of `findings`.

use serde_json::{json, Value};

use super::{Counts, RenderContext};
use crate::check::Report;
use crate::engine::Target;

pub const VERSION: u32 = 1;

pub fn render(report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    let counts = Counts::of(report);
    let findings: Vec<Value> = report
        .active()
        .map(|d| {
            json!({
                "rule": d.rule,
                "name": d.name,
                "level": d.level.as_str(),
                "path": d.path,
                "line": d.start.line,
                "column": d.start.column,
                "end_line": d.end.line,
                "end_column": d.end.column,
                "message": d.message,
                "hint": d.hint,
                "spec": d.spec,
                "fingerprint": d.fingerprint,
            })
        })
        .collect();
    let not_analyzed: Vec<Value> = report
        .not_analyzed
        .iter()
        .map(|n| {
            let mut v = json!({ "path": n.path, "reason": n.reason });
            if let Some(p) = n.position {
                v["line"] = json!(p.line);
                v["column"] = json!(p.column);
            }
            if n.internal {
                v["internal"] = json!(true);
            }
            v
        })
        .collect();
    let doc = json!({
        "version": VERSION,
        "tool": { "name": "mcpshift", "version": env!("CARGO_PKG_VERSION") },
        "target": match cx.options.target { Target::Modern => "modern", Target::Dual => "dual" },
        "summary": {
            "findings": counts.total(),
            "errors": counts.errors,
            "warnings": counts.warnings,
            "notes": counts.notes,
            "suppressed": counts.suppressed,
            "files_analyzed": report.files_analyzed,
            "files_not_analyzed": report.not_analyzed.len(),
        },
        "findings": findings,
        "not_analyzed": not_analyzed,
    });
    let mut doc = doc;
    // Only with `--baseline`/`--write-baseline`: what the comparison left out and found stale.
    if let Some(b) = &report.baseline {
        let absent: Vec<Value> = b
            .absent
            .iter()
            .map(|e| json!({ "path": e.path, "rule": e.rule, "fingerprint": e.fingerprint, "message": e.message }))
            .collect();
        doc["baseline"] = json!({ "file": b.file, "unchanged": b.unchanged, "absent": absent });
    }
    let mut out = serde_json::to_vec_pretty(&doc).map_err(|e| e.to_string())?;
    out.push(b'\n');
    Ok(out)
}
