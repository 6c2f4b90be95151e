//! "Did you mean": the rule closest to a misspelt id or name, wherever rules are named
//! (`--select`, `--ignore`, `mcpshift explain`, the configuration file, inline suppressions).

use crate::rules::Registry;

/// Below this Jaro-Winkler similarity a rule is no likely meaning of what was typed (clap
/// suggests flags from 0.7; rule ids share their `MCP` prefix, so the bar is higher).
const THRESHOLD: f64 = 0.85;

/// The id or name of the rule most like `typed`, if one is close enough: an id for what looks
/// like an id, a name for what looks like a name.
pub fn closest_rule(registry: &Registry, typed: &str) -> Option<String> {
    let typed = typed.trim().to_ascii_lowercase();
    let mut best: Option<(f64, &str)> = None;
    for r in &registry.rules {
        for candidate in [r.meta.id.as_str(), r.meta.name.as_str()] {
            let score = strsim::jaro_winkler(&typed, &candidate.to_ascii_lowercase());
            if score >= THRESHOLD && best.is_none_or(|(s, _)| score > s) {
                best = Some((score, candidate));
            }
        }
    }
    best.map(|(_, c)| c.to_string())
}

/// The message for a rule that does not exist: ``unknown rule `MCP1020` (did you mean
/// `MCP102`?)``, or a pointer to the list when nothing is close.
pub fn unknown_rule(registry: &Registry, typed: &str) -> String {
    match closest_rule(registry, typed) {
        Some(c) => format!("unknown rule `{typed}` (did you mean `{c}`?)"),
        None => format!("unknown rule `{typed}` (see `mcpshift rules`)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry() -> &'static Registry {
        match crate::rules::registry() {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn misspelt_ids_and_names_find_their_rule() {
        let r = registry();
        assert_eq!(closest_rule(r, "MCP1020").as_deref(), Some("MCP102"));
        assert_eq!(closest_rule(r, "mpc102").as_deref(), Some("MCP102"));
        assert_eq!(closest_rule(r, "sesion-state").as_deref(), Some("session-state"));
        assert_eq!(closest_rule(r, "removed_ping").as_deref(), Some("removed-ping"));
        assert_eq!(closest_rule(r, "session-id").as_deref(), Some("session-id-header"));
    }

    #[test]
    fn nothing_close_suggests_nothing() {
        let r = registry();
        assert_eq!(closest_rule(r, "MCP999"), None);
        assert_eq!(closest_rule(r, "pylint"), None);
        assert_eq!(unknown_rule(r, "MCP999"), "unknown rule `MCP999` (see `mcpshift rules`)");
        assert_eq!(unknown_rule(r, "MCP1020"), "unknown rule `MCP1020` (did you mean `MCP102`?)");
    }
}
