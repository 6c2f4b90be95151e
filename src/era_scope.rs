//! Where code stands between the two eras, read the same way by every rule.
//!
//! Two readings that no single rule owns:
//!
//! - **Schema copies.** A file marked generated (`@generated`, `DO NOT EDIT`, Go's `Code
//!   generated … DO NOT EDIT.`) or named after a legacy revision (`spec.types.2025-11-25.ts`)
//!   is a copy of a protocol schema, not code to migrate line by line. Its findings, of every
//!   rule, become one note at the first of them ([`collapse_schema_copy`]).
//! - **Legacy-gated code.** Code that only legacy builds compile, or that only runs for 2025
//!   peers: under a Rust `#[cfg(…)]` (or in a `cfg!(…)` branch) that requires a feature named
//!   for the legacy era (`legacy-spec`) or a legacy revision, or in an inline module so named;
//!   in the branch of an era check (`if (await isLegacyRequest(req))`, `if (ctx.era ===
//!   'legacy')`, the `else` of `if (servedModern)`) ([`legacy_gated`]); and, in a project that
//!   also implements the modern path, in a folder or file named for the legacy era or a legacy
//!   revision (`server-legacy/`, `legacyShim.ts`, `wire/rev2025-11-25/`) ([`legacy_path`]). Its findings keep their level
//!   under `--target modern`, where the legacy build is what must go, and become notes under
//!   `--target dual`, where it is the legacy support the project keeps on purpose (applied in
//!   [`crate::check`]).

use crate::diagnostic::Diagnostic;
use crate::patterns::name_words;
use crate::source::SourceFile;
use crate::tree::{Kind, NodeRef, Role, Tree};

/// The protocol revisions before 2026-07-28.
pub const LEGACY_REVISIONS: &[&str] = &["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];

/// The legacy revision a file or folder name spells, with `-`, `_` or nothing between its parts
/// (`rev2025-11-25`, `spec.types.2025-11-25`, `v2025_06_18`, `20250326`).
pub fn revision_in(name: &str) -> Option<&'static str> {
    let bytes = name.as_bytes();
    LEGACY_REVISIONS.iter().copied().find(|rev| {
        let (y, m, d) = (&rev[0..4], &rev[5..7], &rev[8..10]);
        ["-", "_", ""].iter().any(|sep| {
            let spelled = format!("{y}{sep}{m}{sep}{d}");
            name.match_indices(&spelled).any(|(at, s)| {
                // Not part of a longer number (`120250326`, `2025-11-250`).
                let before = at.checked_sub(1).and_then(|i| bytes.get(i)).is_some_and(u8::is_ascii_digit);
                let after = bytes.get(at + s.len()).is_some_and(u8::is_ascii_digit);
                !before && !after
            })
        })
    })
}

/// Whether a path (relative, with `/`) lies in a folder or file named for the legacy era (a
/// name with the word `legacy`: `legacy/`, `server-legacy/`, `legacyShim.ts`) or for a legacy
/// revision (`wire/rev2025-11-25/`, `v2025_06_18.rs`).
pub fn legacy_path(path: &str) -> bool {
    path.split('/').filter(|s| !s.is_empty() && *s != "." && *s != "..").any(|segment| {
        let stem = segment.split('.').next().unwrap_or(segment);
        revision_in(segment).is_some() || name_words(stem).iter().any(|w| w == "legacy")
    })
}

/// Why a file is a copy of a schema rather than code to migrate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaCopy {
    /// Its header says it is generated; the marker found.
    Generated(&'static str),
    /// Its file name is a legacy revision.
    Revision(&'static str),
}

/// Markers of generated files, matched in the header comments without regard to case.
const GENERATED_MARKERS: &[&str] = &["@generated", "do not edit"];

/// Whether a file is a schema copy: generated, by a marker in the comments before its first
/// code (imports and attributes aside), or named after a legacy revision.
pub fn schema_copy(path: &str, tree: &Tree, source: &SourceFile) -> Option<SchemaCopy> {
    let file = path.rsplit('/').next().unwrap_or(path);
    if let Some(rev) = revision_in(file) {
        return Some(SchemaCopy::Revision(rev));
    }
    let first_code = tree
        .root()
        .children()
        .find(|c| !matches!(c.kind(), Kind::Import | Kind::Attribute))
        .map_or(usize::MAX, |c| c.start());
    tree.comments.iter().take_while(|c| (c.start as usize) < first_code).find_map(|c| {
        let text = c.text(source).to_ascii_lowercase();
        GENERATED_MARKERS.iter().copied().find(|m| text.contains(m)).map(SchemaCopy::Generated)
    })
}

/// Folds the findings of a schema copy into one note at the first of them, which names how
/// many there were and of which rules. The analyzer's own rules (MCP0xx) are left alone.
pub fn collapse_schema_copy(diagnostics: &mut Vec<Diagnostic>, path: &str, copy: SchemaCopy) {
    let migration = |d: &Diagnostic| !d.rule.starts_with("MCP0");
    let mut found: Vec<Diagnostic> = diagnostics.iter().filter(|d| migration(d)).cloned().collect();
    if found.is_empty() {
        return;
    }
    diagnostics.retain(|d| !migration(d));
    found.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    let mut rules: Vec<&str> = found.iter().map(|d| d.rule).collect();
    rules.sort_unstable();
    rules.dedup();
    let count = found.len();
    let file = path.rsplit('/').next().unwrap_or(path);
    let places = if count == 1 { "1 place names".to_string() } else { format!("{count} places name") };
    let (what, hint) = match copy {
        SchemaCopy::Revision(rev) => (
            format!("`{file}` is a copy of the {rev} schema: {places} what 2026-07-28 removed ({}); it is legacy schema, read as one note rather than line by line", rules.join(", ")),
            format!("Keep this copy only while the project serves {rev} peers, keep new code on the 2026-07-28 types, and delete it with the legacy era."),
        ),
        SchemaCopy::Generated(marker) => (
            format!("`{file}` is generated (`{marker}`): {places} what 2026-07-28 removed ({}); it is schema, read as one note rather than line by line", rules.join(", ")),
            "Regenerate this file from the 2026-07-28 schema instead of editing it, or keep it as the legacy schema a dual-era project serves.".to_string(),
        ),
    };
    let mut note = found.swap_remove(0);
    note.level = crate::rules::Level::Note;
    note.message = what;
    note.hint = hint;
    note.legacy_handler = false;
    note.related.clear();
    diagnostics.push(note);
}

/// Whether a node lies in code only legacy builds compile or only legacy peers reach: under
/// a `#[cfg(…)]` that requires a legacy feature, in an inline module named for the legacy
/// era, in a declaration the project marks as kept for the legacy era (`/** @deprecated
/// 2025-11-25 wire vocabulary … */`, `#[deprecated(note = "2025-era only")]`), or in the
/// branch an era check gives the legacy era.
pub fn legacy_gated(node: NodeRef<'_>, source: &SourceFile) -> bool {
    let mut child = node;
    for anc in std::iter::once(node).chain(node.ancestors()) {
        if anc.children_with(Role::Attr).any(|a| a.text() == "cfg" && a.args().next().is_some_and(legacy_only)) {
            return true;
        }
        if deprecated_for_legacy(anc, source) {
            return true;
        }
        if anc.has_flag(crate::tree::flags::MODULE) && legacy_module(anc.text()) {
            return true;
        }
        if anc != node {
            match anc.kind() {
                Kind::If => {
                    let era = anc.child(Role::Cond).and_then(condition_era);
                    let legacy = match child.role() {
                        Role::Then => era == Some(Era::Legacy),
                        Role::Else => era == Some(Era::Modern),
                        _ => false,
                    };
                    if legacy {
                        return true;
                    }
                }
                Kind::Case if child.role() == Role::Body && legacy_case(anc) => return true,
                _ => {}
            }
        }
        child = anc;
    }
    false
}

/// Whether a declaration is marked deprecated and kept for the legacy era: a `@deprecated`
/// doc comment (or a Rust `#[deprecated(note = …)]`) that names a legacy revision or the
/// legacy era.
fn deprecated_for_legacy(decl: NodeRef<'_>, source: &SourceFile) -> bool {
    if !matches!(decl.kind(), Kind::Var | Kind::Field | Kind::Pair | Kind::Container | Kind::Fn) {
        return false;
    }
    let says_legacy = |text: &str| {
        let lower = text.to_ascii_lowercase();
        revision_in(&lower).is_some()
            || lower.contains("2025-era")
            || lower.contains("2025 era")
            || name_words(&lower).iter().any(|w| w == "legacy")
    };
    let attribute = decl
        .children_with(Role::Attr)
        .any(|a| a.text() == "deprecated" && a.descendants().any(|n| n.kind() == Kind::Str && says_legacy(n.text())));
    attribute
        || doc_comments(decl).any(|c| {
            let text = c.text(source);
            text.contains("@deprecated") && says_legacy(text)
        })
}

/// The comments right before a declaration: after the previous sibling (or the start of the
/// parent) and before the declaration.
fn doc_comments<'t>(decl: NodeRef<'t>) -> impl Iterator<Item = &'t crate::tree::Comment> + 't {
    let tree = decl.tree();
    let bound = decl
        .parent()
        .map(|p| p.children().take_while(|c| *c != decl).last().map_or(p.start(), |prev| prev.end()))
        .unwrap_or(0);
    let start = decl.start();
    tree.comments.iter().filter(move |c| c.start as usize >= bound && c.end as usize <= start)
}

/// The methods and notifications 2026-07-28 removed: only legacy peers send them.
pub const REMOVED_METHODS: &[&str] = &[
    "initialize",
    "logging/setLevel",
    "notifications/elicitation/complete",
    "notifications/initialized",
    "notifications/roots/list_changed",
    "notifications/tasks/status",
    "ping",
    "resources/subscribe",
    "resources/unsubscribe",
    "tasks/list",
    "tasks/result",
];

/// The TS SDKs' schemas of those messages, which handler registrations take instead of the
/// method name (`setRequestHandler(PingRequestSchema, …)`).
const REMOVED_SCHEMAS: &[&str] = &[
    "ElicitationCompleteNotificationSchema",
    "GetTaskPayloadRequestSchema",
    "InitializeRequestSchema",
    "InitializedNotificationSchema",
    "ListTasksRequestSchema",
    "PingRequestSchema",
    "RootsListChangedNotificationSchema",
    "SetLevelRequestSchema",
    "SubscribeRequestSchema",
    "TaskStatusNotificationSchema",
    "UnsubscribeRequestSchema",
];

/// Calls that register a handler for the method named by their first argument.
const HANDLER_REGISTRATIONS: &[&str] =
    &["setRequestHandler", "setNotificationHandler", "onRequest", "onNotification", "map_handler", "subscribe"];

/// Whether a node lies in the body of a handler for a method or notification 2026-07-28
/// removed: the callback registered for it (`client.setNotificationHandler(
/// 'notifications/elicitation/complete', n => …)`), the arm of a dispatch on it (`case
/// 'tasks/list': …`, `"ping" => …`) or the branch that tests for it (`if (method === 'ping')`).
/// Only legacy peers send those messages, so the code there serves them alone.
pub fn in_removed_handler(node: NodeRef<'_>) -> bool {
    let mut child = node;
    for anc in node.ancestors() {
        let removed = match anc.kind() {
            Kind::Call if child.kind() == Kind::Fn && child.role() == Role::Arg => {
                anc.call_name().is_some_and(|n| HANDLER_REGISTRATIONS.contains(&n))
                    && anc.arg(0).is_some_and(names_removed_message)
            }
            Kind::Case if child.role() == Role::Body => {
                anc.children_with(Role::Pattern).any(|p| p.kind() == Kind::Str && REMOVED_METHODS.contains(&p.text()))
            }
            Kind::If if child.role() == Role::Then => anc.child(Role::Cond).is_some_and(|c| {
                c.kind() == Kind::Binary
                    && matches!(c.text(), "===" | "==")
                    && c.children().any(|s| s.kind() == Kind::Str && REMOVED_METHODS.contains(&s.text()))
            }),
            _ => false,
        };
        if removed {
            return true;
        }
        child = anc;
    }
    false
}

/// A removed method's name or its SDK schema.
fn names_removed_message(n: NodeRef<'_>) -> bool {
    match n.kind() {
        Kind::Str => REMOVED_METHODS.contains(&n.text()),
        Kind::Ident | Kind::Member => REMOVED_SCHEMAS.contains(&n.text()),
        _ => false,
    }
}

/// The era a branch condition selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Era {
    Legacy,
    Modern,
}

impl Era {
    fn flip(self) -> Era {
        match self {
            Era::Legacy => Era::Modern,
            Era::Modern => Era::Legacy,
        }
    }
}

/// The era a condition selects when true: `isLegacyRequest(req)`, `await isLegacyRequest(r)`,
/// `ctx.era === 'legacy'`, `era !== 'modern'`, `servedModern`, `!isModernEra()`,
/// `cfg!(feature = "legacy-spec")`; through `!`, `await` and the `&&` / `||` that keep it.
fn condition_era(cond: NodeRef<'_>) -> Option<Era> {
    match cond.kind() {
        Kind::Unary if cond.text() == "!" => cond.children().next().and_then(condition_era).map(Era::flip),
        Kind::Unary if cond.text() == "await" => cond.children().next().and_then(condition_era),
        Kind::Binary if cond.text() == "&&" => {
            // True only when every operand is: one legacy operand makes the branch legacy.
            cond.children().filter_map(condition_era).find(|e| *e == Era::Legacy)
        }
        Kind::Binary if cond.text() == "||" => {
            // False only when every operand is: one modern operand makes the `else` legacy.
            cond.children().filter_map(condition_era).find(|e| *e == Era::Modern)
        }
        Kind::Binary if matches!(cond.text(), "===" | "==" | "!==" | "!=") => {
            let negated = cond.text().starts_with('!');
            let sides: Vec<NodeRef<'_>> = cond.children().collect();
            let [a, b] = sides.as_slice() else { return None };
            let era = compared_era(*a, *b).or_else(|| compared_era(*b, *a))?;
            Some(if negated { era.flip() } else { era })
        }
        Kind::Macro if cond.text() == "cfg" => cond.args().next().filter(|p| legacy_only(*p)).map(|_| Era::Legacy),
        Kind::Call => cond.call_name().and_then(era_named),
        Kind::Ident | Kind::Member => era_named(cond.text()),
        _ => None,
    }
}

/// `era === 'legacy'`, `protocolVersion === '2025-11-25'`: a name of the era or version
/// compared with a value that names one.
fn compared_era(name: NodeRef<'_>, value: NodeRef<'_>) -> Option<Era> {
    if !matches!(name.kind(), Kind::Ident | Kind::Member) || value.kind() != Kind::Str {
        return None;
    }
    let words = name_words(name.text());
    let v = value.text();
    if words.iter().any(|w| w == "era") {
        return match v {
            "legacy" => Some(Era::Legacy),
            "modern" => Some(Era::Modern),
            _ => None,
        };
    }
    (words.iter().any(|w| w == "version") && LEGACY_REVISIONS.contains(&v)).then_some(Era::Legacy)
}

/// A boolean named for an era: `isLegacyRequest`, `is_legacy_peer`, `servedModern`,
/// `_servedModernEra`, `isModern`.
fn era_named(name: &str) -> Option<Era> {
    let words = name_words(name);
    let has = |w: &str| words.iter().any(|x| x == w);
    match (has("legacy"), has("modern")) {
        (true, false) => Some(Era::Legacy),
        (false, true) => Some(Era::Modern),
        _ => None,
    }
}

/// A `match`/`switch` arm for the legacy era: `case 'legacy':` in a `switch` on an era,
/// `Era::Legacy =>`, `ProtocolEra::Legacy(..) =>`.
fn legacy_case(case: NodeRef<'_>) -> bool {
    let Some(scrutinee) = case.parent().and_then(|s| s.child(Role::Scrutinee)) else { return false };
    let on_era = scrutinee.path_segments().iter().any(|s| name_words(s).iter().any(|w| w == "era"));
    case.children_with(Role::Pattern).any(|p| {
        std::iter::once(p).chain(p.descendants()).any(|n| match n.kind() {
            Kind::Str => on_era && n.text() == "legacy",
            Kind::Ident | Kind::Member => era_named(n.text()) == Some(Era::Legacy) && on_era,
            _ => false,
        })
    })
}

/// Whether a `cfg` predicate holds only in legacy builds: `feature = "legacy-spec"`, `all(…)`
/// with one such operand, `any(…)` of only such operands. `not(…)` never does.
fn legacy_only(pred: NodeRef<'_>) -> bool {
    match pred.kind() {
        // `feature = "x"` in an attribute is a pair; in `cfg!(…)` an assignment.
        Kind::Pair if pred.text() == "feature" => pred.value().is_some_and(|v| legacy_feature(v.text())),
        Kind::Assign => {
            pred.child(Role::Left).is_some_and(|l| l.is_ident("feature"))
                && pred.child(Role::Right).is_some_and(|v| v.kind() == Kind::Str && legacy_feature(v.text()))
        }
        Kind::Object | Kind::Call => {
            let name = if pred.kind() == Kind::Call { pred.call_name().unwrap_or_default() } else { pred.text() };
            let operands: Vec<NodeRef<'_>> =
                pred.children().filter(|c| matches!(c.role(), Role::Member | Role::Arg)).collect();
            match name {
                "all" => operands.iter().any(|o| legacy_only(*o)),
                "any" => !operands.is_empty() && operands.iter().all(|o| legacy_only(*o)),
                _ => false,
            }
        }
        _ => false,
    }
}

/// An inline module named for the legacy era or a legacy revision (`mod legacy { … }`,
/// `mod rev_2025_11_25 { … }`).
fn legacy_module(name: &str) -> bool {
    legacy_feature(name)
}

/// A Cargo feature named for the legacy era or a legacy revision (`legacy-spec`, `legacy`,
/// `protocol-2025-06-18`).
fn legacy_feature(name: &str) -> bool {
    revision_in(name).is_some() || name_words(name).iter().any(|w| w == "legacy")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::testing::{rs, ts};

    fn gated_literals(tree: &Tree, src: &str) -> Vec<String> {
        let source = SourceFile::new(src.to_string());
        tree.nodes()
            .filter(|n| n.kind() == Kind::Str && n.enclosing(Kind::Attribute).is_none() && legacy_gated(*n, &source))
            .map(|n| n.text().to_string())
            .collect()
    }

    #[test]
    fn revisions_in_names() {
        assert_eq!(revision_in("rev2025-11-25"), Some("2025-11-25"));
        assert_eq!(revision_in("spec.types.2025-11-25.ts"), Some("2025-11-25"));
        assert_eq!(revision_in("v2025_06_18"), Some("2025-06-18"));
        assert_eq!(revision_in("20241105"), Some("2024-11-05"));
        assert_eq!(revision_in("spec.types.2026-07-28.ts"), None);
        assert_eq!(revision_in("120250326"), None);
        assert_eq!(revision_in("2025-11-250"), None);
    }

    #[test]
    fn legacy_paths() {
        assert!(legacy_path("packages/core/src/wire/rev2025-11-25/schemas.ts"));
        assert!(legacy_path("packages/server-legacy/src/index.ts"));
        assert!(legacy_path("src/server/legacyInputRequiredShim.ts"));
        assert!(legacy_path("legacy.ts"));
        assert!(legacy_path("examples/roots/legacy/client/src/main.rs"));
        assert!(!legacy_path("src/wire/rev2026-07-28/schemas.ts"));
        assert!(!legacy_path("src/colleague/server.ts"));
    }

    #[test]
    fn rust_cfg_gates() {
        let src = r#"
            #[cfg(feature = "legacy-spec")]
            const A: &str = "a";
            #[cfg(all(feature = "tasks", feature = "legacy-spec"))]
            fn b() { let _ = "b"; }
            #[cfg(not(feature = "legacy-spec"))]
            const C: &str = "c";
            #[cfg(any(feature = "legacy-spec", feature = "client"))]
            const D: &str = "d";
            fn e(app: App) {
                #[cfg(feature = "legacy-spec")]
                app.map_handler("e", f);
                #[cfg(feature = "legacy-spec")]
                {
                    app.map_handler("g", f);
                }
                if cfg!(feature = "legacy-spec") { app.go("h"); } else { app.go("i"); }
                match m {
                    #[cfg(feature = "legacy-spec")]
                    "j" => 1,
                    _ => 2,
                }
            }
            struct S { #[cfg(feature = "legacy-spec")] k: u8 }
        "#;
        let t = rs(src);
        assert_eq!(gated_literals(&t, src), ["a", "b", "e", "g", "h", "j"]);
        let fields: Vec<&str> = t
            .nodes()
            .filter(|n| n.kind() == Kind::Field && legacy_gated(*n, &SourceFile::new(src.to_string())))
            .map(|n| n.text())
            .collect();
        assert_eq!(fields, ["k"]);
    }

    #[test]
    fn typescript_era_branches() {
        let src = r#"
            async function route(request, ctx, servedModern, era) {
                if (await isLegacyRequest(request)) { return legacy.fetch('a'); }
                if (ctx.era === 'legacy') { go('b'); } else { go('c'); }
                if (ctx.era !== 'modern') { go('d'); }
                if (servedModern) { go('e'); } else { go('f'); }
                if (!this._servedModernEra() && x) { go('g'); }
                if (isLegacyRequest(request) || other) { go('h'); }
                const v = era === 'legacy' ? 'i' : 'j';
                switch (ctx.era) { case 'legacy': go('k'); break; case 'modern': go('l'); }
                if (version === '2025-06-18') { go('m'); }
            }
        "#;
        let t = ts(src);
        assert_eq!(gated_literals(&t, src), ["a", "b", "d", "f", "g", "i", "k", "m"]);
    }

    #[test]
    fn declarations_kept_for_the_legacy_era() {
        let src = r#"
            /** @deprecated 2025-11-25 wire vocabulary; kept importable for interoperability only. */
            export const RELATED = 'a';
            /** @deprecated Deprecated as of protocol version 2026-07-28. */
            export const LOGGING = 'b';
            export const Schema = z.object({
                /** @deprecated Removed in 2026-07-28; kept for the 2025-era URL-mode flow only. */
                elicitationId: z.literal('c'),
                url: z.literal('d'),
            });
        "#;
        assert_eq!(gated_literals(&ts(src), src), ["a", "c"]);
        let src = r#"
            #[deprecated(note = "legacy 2025-11-25 peers only")]
            pub const E: &str = "e";
            #[deprecated(note = "use F2")]
            pub const F: &str = "f";
        "#;
        assert_eq!(gated_literals(&rs(src), src), ["e"]);
    }

    #[test]
    fn generated_headers() {
        let check = |path: &str, src: &str| {
            let source = SourceFile::new(src.to_string());
            schema_copy(path, &ts(src), &source)
        };
        assert_eq!(
            check("types.ts", "/**\n * DO NOT EDIT THIS FILE MANUALLY.\n */\nexport type A = 1;\n"),
            Some(SchemaCopy::Generated("do not edit"))
        );
        assert_eq!(
            check("types.ts", "// @generated by tool\nimport x from 'y';\nexport const a = 1;\n"),
            Some(SchemaCopy::Generated("@generated"))
        );
        assert_eq!(check("spec.types.2025-11-25.ts", "export type A = 1;\n"), Some(SchemaCopy::Revision("2025-11-25")));
        // A marker after the first code is a remark about that code, not a header.
        assert_eq!(check("types.ts", "export const a = 1;\n// do not edit this list by hand\n"), None);
        assert_eq!(check("types.ts", "export const a = 1;\n"), None);
    }
}
