//! `--statistics`: how many findings each rule has, as `ruff --statistics` prints them. One row
//! per rule and level (a rule's findings can differ in level), most findings first, with the
//! command that explains the rule.

use std::collections::BTreeMap;

use crate::check::Report;
use crate::rules::Level;

/// The table, or nothing when there is no finding.
pub fn table(report: &Report) -> String {
    let mut counts: BTreeMap<(&str, std::cmp::Reverse<Level>), (usize, &str)> = BTreeMap::new();
    for d in report.active() {
        counts.entry((d.rule, std::cmp::Reverse(d.level))).or_insert((0, d.name)).0 += 1;
    }
    if counts.is_empty() {
        return String::new();
    }
    let mut rows: Vec<(usize, &str, Level, &str)> =
        counts.into_iter().map(|((rule, level), (n, name))| (n, rule, level.0, name)).collect();
    // Most findings first; then by rule id and level, so that equal counts keep one order.
    rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)).then_with(|| b.2.cmp(&a.2)));
    let count_width = rows.iter().map(|r| r.0.to_string().len()).max().unwrap_or(1).max("count".len());
    let name_width = rows.iter().map(|r| r.3.len()).max().unwrap_or(0).max("name".len());
    let mut s = format!("{:>count_width$}  {:<6}  {:<7}  {:<name_width$}  explain\n", "count", "rule", "level", "name");
    for (n, rule, level, name) in rows {
        s.push_str(&format!(
            "{n:>count_width$}  {rule:<6}  {:<7}  {name:<name_width$}  mcpshift explain {rule}\n",
            level.as_str()
        ));
    }
    s
}
