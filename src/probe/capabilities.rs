//! The capability table a correct client derives from `ServerCapabilities`, and the rows an
//! incorrect one misreads. Read as the protocol means it: a present key means the feature is
//! supported, `{}` included; `subscribe` and `listChanged` are separate flags, absent means
//! false; one feature never implies another.

use serde::Serialize;
use serde_json::{Map, Value};

/// One row: a feature (`resources`) or one of its flags (`resources.subscribe`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    pub name: String,
    pub supported: bool,
    /// How the server spelled it (`None`: absent).
    pub value: Option<Value>,
    /// What a client that reads capabilities wrongly would conclude, and the rule for that code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misread: Option<String>,
}

/// The features of 2026-07-28 `ServerCapabilities`, in the order a table shows them, with
/// their flags.
const FEATURES: [(&str, &[&str]); 6] = [
    ("tools", &["listChanged"]),
    ("resources", &["subscribe", "listChanged"]),
    ("prompts", &["listChanged"]),
    ("completions", &[]),
    ("logging", &[]),
    ("experimental", &[]),
];

const EMPTY_OBJECT: &str =
    "`{}` means supported with no sub-features; a client that judges it by emptiness reads \"not supported\" (MCP501)";

/// The rows of a `capabilities` object.
pub fn table(capabilities: &Value) -> Vec<Row> {
    let empty = Map::new();
    let caps = capabilities.as_object().unwrap_or(&empty);
    let mut rows = Vec::new();
    for (feature, flags) in FEATURES {
        let value = caps.get(feature);
        let mut row = Row { name: feature.into(), supported: value.is_some(), value: value.cloned(), misread: None };
        match value {
            Some(Value::Object(o)) if o.is_empty() => row.misread = Some(EMPTY_OBJECT.into()),
            Some(Value::Object(_)) | None => {}
            Some(_) => {
                row.misread = Some("not an object, as the schema requires: clients may reject or misread it".into())
            }
        }
        if feature == "logging" && row.supported {
            let note = "logging is deprecated: the server may log only when a request asks (MCP302)";
            row.misread = Some(row.misread.map_or(note.to_string(), |m| format!("{m}; {note}")));
        }
        rows.push(row);
        if value.is_none() {
            continue;
        }
        for flag in flags {
            let v = value.and_then(|v| v.get(flag));
            let mut flag_row = Row {
                name: format!("{feature}.{flag}"),
                supported: v == Some(&Value::Bool(true)),
                value: v.cloned(),
                misread: None,
            };
            if v.is_some_and(|v| !v.is_boolean()) {
                flag_row.misread = Some("not a boolean: malformed".into());
            }
            rows.push(flag_row);
        }
        if feature == "resources" {
            flag_misreads(&mut rows);
        }
    }
    if let Some(extensions) = caps.get("extensions") {
        rows.push(Row { name: "extensions".into(), supported: true, value: Some(extensions.clone()), misread: None });
        if let Some(map) = extensions.as_object() {
            let mut ids: Vec<&String> = map.keys().collect();
            ids.sort();
            for id in ids {
                rows.push(Row {
                    name: format!("extensions[{id:?}]"),
                    supported: true,
                    value: map.get(id).cloned(),
                    misread: (map.get(id) == Some(&Value::Object(Map::new()))).then(|| EMPTY_OBJECT.to_string()),
                });
            }
        }
    }
    // Keys the revision does not define, in name order.
    let mut others: Vec<(&String, &Value)> =
        caps.iter().filter(|(k, _)| !FEATURES.iter().any(|(f, _)| f == k) && *k != "extensions").collect();
    others.sort_by(|a, b| a.0.cmp(b.0));
    for (key, value) in others {
        let misread = if key == "tasks" {
            "not a 2026-07-28 capability: tasks moved to extensions[\"io.modelcontextprotocol/tasks\"] (MCP306)"
                .to_string()
        } else {
            "not a 2026-07-28 capability".to_string()
        };
        rows.push(Row { name: key.clone(), supported: true, value: Some(value.clone()), misread: Some(misread) });
    }
    rows
}

/// The two resource flags are independent, and neither follows from `resources` itself.
fn flag_misreads(rows: &mut [Row]) {
    let flag = |rows: &[Row], name: &str| rows.iter().any(|r| r.name == name && r.supported);
    let subscribe = flag(rows, "resources.subscribe");
    let list_changed = flag(rows, "resources.listChanged");
    for row in rows.iter_mut() {
        if row.misread.is_some() {
            continue;
        }
        if row.name == "resources.subscribe" && !subscribe {
            row.misread = Some(
                "`resources` alone does not mean subscriptions: a client that subscribes because `resources` is present fails (MCP501)"
                    .into(),
            );
        }
        if row.name == "resources.listChanged" && subscribe && !list_changed {
            row.misread = Some(
                "`subscribe` without `listChanged`: no resources/list_changed notifications, whatever `subscribe` says (MCP501)"
                    .into(),
            );
        }
    }
}

/// How a value is spelled in the table: compact JSON, or `absent`.
pub fn spell(value: Option<&Value>) -> String {
    match value {
        None => "absent".into(),
        Some(v) => super::exchange::clip(&v.to_string(), 80),
    }
}

/// The rows whose reading differs between two tables (a dual-era server that advertises
/// different capabilities to each era).
pub fn differences(modern: &[Row], legacy: &[Row]) -> Vec<String> {
    let mut names: Vec<&str> = modern.iter().chain(legacy).map(|r| r.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    let supported = |rows: &[Row], name: &str| rows.iter().any(|r| r.name == name && r.supported);
    names
        .into_iter()
        .filter(|n| supported(modern, n) != supported(legacy, n))
        .map(|n| {
            let word = |yes: bool| if yes { "yes" } else { "no" };
            format!(
                "{n}: {} to modern clients, {} to legacy ones",
                word(supported(modern, n)),
                word(supported(legacy, n))
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row<'a>(rows: &'a [Row], name: &str) -> &'a Row {
        match rows.iter().find(|r| r.name == name) {
            Some(r) => r,
            None => panic!("no row {name} in {rows:?}"),
        }
    }

    #[test]
    fn an_empty_object_is_supported_and_flagged_as_misreadable() {
        let rows = table(&json!({ "resources": {}, "tools": { "listChanged": true } }));
        let resources = row(&rows, "resources");
        assert!(resources.supported);
        assert_eq!(spell(resources.value.as_ref()), "{}");
        assert!(resources.misread.as_deref().is_some_and(|m| m.contains("emptiness")));
        assert!(!row(&rows, "resources.subscribe").supported);
        assert_eq!(row(&rows, "resources.subscribe").value, None);
        assert!(row(&rows, "tools.listChanged").supported);
        assert!(row(&rows, "tools").misread.is_none());
        assert!(!row(&rows, "prompts").supported);
        assert!(!rows.iter().any(|r| r.name == "prompts.listChanged"), "flags of an absent feature are not listed");
    }

    #[test]
    fn subscribe_without_list_changed_is_pointed_out() {
        let rows = table(&json!({ "resources": { "subscribe": true } }));
        assert!(row(&rows, "resources.subscribe").supported);
        assert!(row(&rows, "resources.subscribe").misread.is_none());
        assert!(row(&rows, "resources.listChanged")
            .misread
            .as_deref()
            .is_some_and(|m| m.contains("without `listChanged`")));
        let rows = table(&json!({ "resources": { "listChanged": true, "subscribe": false } }));
        assert!(row(&rows, "resources.subscribe").misread.as_deref().is_some_and(|m| m.contains("alone")));
        assert!(row(&rows, "resources.listChanged").misread.is_none());
    }

    #[test]
    fn extensions_and_unknown_keys_are_listed() {
        let rows = table(&json!({ "tasks": { "list": {} }, "extensions": { "io.modelcontextprotocol/tasks": {} } }));
        assert!(row(&rows, "extensions[\"io.modelcontextprotocol/tasks\"]").supported);
        assert!(row(&rows, "tasks").misread.as_deref().is_some_and(|m| m.contains("MCP306")));
        let rows = table(&json!({ "tools": true }));
        assert!(row(&rows, "tools").misread.as_deref().is_some_and(|m| m.contains("not an object")));
    }

    #[test]
    fn differences_between_eras_are_named() {
        let modern = table(&json!({ "resources": { "subscribe": true, "listChanged": true } }));
        let legacy = table(&json!({ "resources": { "subscribe": false, "listChanged": false } }));
        assert_eq!(
            differences(&modern, &legacy),
            vec![
                "resources.listChanged: yes to modern clients, no to legacy ones",
                "resources.subscribe: yes to modern clients, no to legacy ones",
            ]
        );
    }
}
