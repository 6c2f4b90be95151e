//! `--format markdown`: a migration report to paste into a pull request or append to
//! `$GITHUB_STEP_SUMMARY`: a verdict, readiness per migration area, a table of findings per
//! rule linking to the rule documentation, then the findings grouped by file.
//!
//! Suppressed and baselined findings are counted in the verdict line and left out of the rest.

use std::collections::BTreeMap;

use super::{plural, rule_doc_url, Counts, RenderContext};
use crate::check::Report;
use crate::engine::Target;
use crate::rules::{Applicability, Area, Level, RuleDef};

/// The areas in the order a migration goes through them.
const AREAS: [Area; 6] =
    [Area::Sessions, Area::Lifecycle, Area::RemovedMethods, Area::ResultsErrors, Area::Capabilities, Area::ToolSafety];

/// Findings listed by file at most; the rest are counted (job summaries are capped at 1 MiB).
const MAX_LISTED: usize = 1000;

#[derive(Clone, Copy, Default)]
struct Tally {
    errors: usize,
    warnings: usize,
    notes: usize,
}

impl Tally {
    fn add(&mut self, level: Level) {
        match level {
            Level::Error => self.errors += 1,
            Level::Warning => self.warnings += 1,
            Level::Note => self.notes += 1,
        }
    }
}

pub fn render(report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    let registry = cx.registry;
    let counts = Counts::of(report);
    let def_of = |id: &str| registry.rules.iter().find(|r| r.meta.id == id);
    let mut s = String::from("## mcpshift migration report\n\n");

    // Verdict.
    let target = match cx.options.target {
        Target::Modern => "2026-07-28",
        Target::Dual => "2026-07-28 next to 2025-11-25 (dual era)",
    };
    let files_with: usize = {
        let mut paths: Vec<&str> = report.active().map(|d| d.path.as_str()).collect();
        paths.dedup();
        paths.len()
    };
    let verdict = if counts.errors > 0 {
        "❌ **Not ready**"
    } else if counts.warnings > 0 {
        "⚠️ **Needs review**"
    } else {
        "✅ **Ready**"
    };
    s.push_str(&format!("{verdict} for MCP {target}: "));
    if counts.total() == 0 {
        s.push_str("no findings.");
    } else {
        s.push_str(&format!(
            "{} ({}, {}, {}) in {}.",
            plural(counts.total(), "finding"),
            plural(counts.errors, "error"),
            plural(counts.warnings, "warning"),
            plural(counts.notes, "note"),
            plural(files_with, "file")
        ));
    }
    s.push_str(&format!(
        " {} analyzed, {} not analyzed.",
        plural(report.files_analyzed, "file"),
        report.not_analyzed.len()
    ));
    if counts.suppressed > 0 {
        s.push_str(&format!(" {} suppressed inline.", counts.suppressed));
    }
    if let Some(b) = &report.baseline {
        s.push_str(&format!(" {} in the baseline `{}`", b.unchanged, cell(&b.file)));
        if b.absent.is_empty() {
            s.push('.');
        } else {
            s.push_str(&format!("; {} no longer found (the baseline can shrink).", plural(b.absent.len(), "entry")));
        }
    }
    s.push_str("\n\n");

    // Readiness by area.
    let mut by_area: BTreeMap<Area, Tally> = BTreeMap::new();
    for d in report.active() {
        if let Some(def) = def_of(d.rule) {
            by_area.entry(def.meta.area).or_default().add(d.level);
        }
    }
    s.push_str(
        "### Readiness by area\n\n| Area | Status | Errors | Warnings | Notes |\n| --- | --- | ---: | ---: | ---: |\n",
    );
    let checked =
        |area: Area| registry.rules.iter().any(|r| r.meta.area == area && report.rules_run.contains(&r.meta.id));
    let mut areas: Vec<Area> = AREAS.to_vec();
    if by_area.contains_key(&Area::Analyzer) {
        areas.push(Area::Analyzer);
    }
    for area in areas {
        let t = by_area.get(&area).copied().unwrap_or_default();
        let status = if t.errors > 0 {
            "❌ must change"
        } else if t.warnings > 0 {
            "⚠️ review"
        } else if t.notes > 0 {
            "✅ ready, with notes"
        } else if checked(area) || area == Area::Analyzer {
            "✅ ready"
        } else {
            "➖ not checked"
        };
        s.push_str(&format!("| {} | {status} | {} | {} | {} |\n", area.title(), t.errors, t.warnings, t.notes));
    }

    // What `--fix` would do, per area.
    let mut fixes: BTreeMap<Area, (usize, usize)> = BTreeMap::new();
    for d in report.active() {
        if let (Some(fix), Some(def)) = (&d.fix, def_of(d.rule)) {
            let e = fixes.entry(def.meta.area).or_default();
            match fix.applicability {
                Applicability::Safe => e.0 += 1,
                Applicability::Unsafe => e.1 += 1,
            }
        }
    }
    if !fixes.is_empty() {
        s.push_str(
            "\n### What `--fix` would do\n\nFindings `mcpshift check --fix` fixes (safe: the intended behaviour is kept), and those `--unsafe-fixes` adds (the recommended migration, which changes behaviour: review it).\n\n| Area | Safe fixes | Unsafe fixes |\n| --- | ---: | ---: |\n",
        );
        for area in AREAS.iter().chain(std::iter::once(&Area::Analyzer)) {
            if let Some((safe, unsafe_)) = fixes.get(area) {
                s.push_str(&format!("| {} | {safe} | {unsafe_} |\n", area.title()));
            }
        }
    }

    // Findings by rule.
    if counts.total() > 0 {
        let mut by_rule: BTreeMap<&str, (Level, usize, Vec<&str>)> = BTreeMap::new();
        for d in report.active() {
            let e = by_rule.entry(d.rule).or_insert((d.level, 0, Vec::new()));
            e.0 = e.0.max(d.level);
            e.1 += 1;
            if !e.2.contains(&d.path.as_str()) {
                e.2.push(&d.path);
            }
        }
        s.push_str("\n### Findings by rule\n\n| Rule | Level | Findings | Files | Summary |\n| --- | --- | ---: | ---: | --- |\n");
        for (id, (level, n, files)) in &by_rule {
            let (name, summary) = def_of(id).map_or(("", ""), |d| (d.meta.name.as_str(), d.meta.summary.as_str()));
            s.push_str(&format!(
                "| {} | {} | {n} | {} | {} |\n",
                rule_link(def_of(id), id, name),
                level.as_str(),
                files.len(),
                cell(summary)
            ));
        }

        // Findings by file.
        s.push_str("\n### Findings by file\n");
        let mut current: Option<&str> = None;
        let mut listed = 0;
        let active: Vec<_> = report.active().collect();
        for d in &active {
            if listed == MAX_LISTED {
                break;
            }
            if current != Some(d.path.as_str()) {
                let n = active.iter().filter(|x| x.path == d.path).count();
                s.push_str(&format!(
                    "\n#### `{}` ({n})\n\n| Line | Level | Rule | Finding |\n| ---: | --- | --- | --- |\n",
                    d.path.replace('`', "'")
                ));
                current = Some(d.path.as_str());
            }
            s.push_str(&format!(
                "| {}:{} | {} | {} | {} |\n",
                d.start.line,
                d.start.column,
                d.level.as_str(),
                rule_link(def_of(d.rule), d.rule, d.name),
                cell(&d.message)
            ));
            listed += 1;
        }
        if active.len() > listed {
            s.push_str(&format!("\n… and {} more (see the SARIF or JSON output).\n", active.len() - listed));
        }
    }

    if !report.not_analyzed.is_empty() {
        s.push_str("\n### Files not analyzed\n\nNothing in these files was checked.\n\n");
        for n in &report.not_analyzed {
            let note = if n.may_hold_findings { "" } else { " (no trigger token of any rule: does not fail the run)" };
            s.push_str(&format!("- `{}`: {}{note}\n", n.path.replace('`', "'"), cell(&n.reason)));
        }
    }
    if let Some(b) = report.baseline.as_ref().filter(|b| !b.absent.is_empty()) {
        s.push_str("\n### Baseline entries no longer found\n\nFixed or removed since the baseline was written; run `mcpshift check --write-baseline` to drop them.\n\n");
        for e in &b.absent {
            s.push_str(&format!("- `{}` {}: {}\n", e.path.replace('`', "'"), e.rule, cell(&e.message)));
        }
    }
    s.push_str(&format!("\n<sub>mcpshift {}</sub>\n", env!("CARGO_PKG_VERSION")));
    Ok(s.into_bytes())
}

fn rule_link(def: Option<&RuleDef>, id: &str, name: &str) -> String {
    match def {
        Some(def) => format!("[{id} {name}]({})", rule_doc_url(def)),
        None => format!("{id} {name}"),
    }
}

/// Text safe inside a table cell.
fn cell(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}
