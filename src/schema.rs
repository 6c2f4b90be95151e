//! The JSON Schema of `mcpshift.toml`, generated from the type the file is read into, so that
//! editors that validate TOML against a schema (Taplo, Even Better TOML) complete the keys and
//! flag a wrong value as they are typed. The schema is committed as [`FILE_NAME`]; a test fails
//! when it no longer matches the configuration types.

use schemars::generate::SchemaSettings;
use serde_json::Value;

use crate::config::RawConfig;

/// The committed schema, at the root of the repository.
pub const FILE_NAME: &str = "mcpshift.schema.json";

/// Where editors fetch the schema of this version from (the `#:schema` line of a config file).
pub fn url() -> String {
    format!("https://raw.githubusercontent.com/mcpshift/mcpshift/v{}/{FILE_NAME}", env!("CARGO_PKG_VERSION"))
}

/// The schema, as pretty JSON ending with a newline. Draft 7: the draft Taplo and SchemaStore
/// read. TOML has no null, so an optional key is simply not required.
pub fn config_schema() -> String {
    let settings = SchemaSettings::draft07().for_deserialize().with(|s| s.inline_subschemas = true);
    let schema = settings.into_generator().into_root_schema_for::<RawConfig>();
    let mut schema = schema.to_value();
    drop_null(&mut schema);
    // The schema's own keys first, as people read it.
    if let Value::Object(map) = &mut schema {
        let mut ordered = serde_json::Map::new();
        for key in ["$schema", "title", "description"] {
            if let Some(v) = map.remove(key) {
                ordered.insert(key.to_string(), v);
            }
        }
        ordered.append(map);
        *map = ordered;
    }
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// Removes `null` from every schema: an `Option` key is one that may be left out, and a TOML
/// value is never null.
fn drop_null(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if let [only] = types.as_slice() {
                    let only = only.clone();
                    map.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(values)) = map.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            if let Some(Value::Array(branches)) = map.get_mut("anyOf") {
                branches.retain(|b| b.get("type").is_none_or(|t| t != "null"));
                if let [Value::Object(only)] = branches.as_slice() {
                    let only = only.clone();
                    map.remove("anyOf");
                    map.extend(only);
                }
            }
            map.values_mut().for_each(drop_null);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null),
        _ => {}
    }
}
