//! The JSON Schema of `mcpshift.toml` that editors read (Taplo, Even Better TOML) is generated
//! from the configuration types. This test fails when the committed file is stale;
//! `UPDATE_SCHEMA=1 cargo test --test suite config_schema` rewrites it. It also checks that the
//! schema says what the configuration reader says: the files it accepts and the ones it refuses.

use std::path::Path;

use mcpshift::schema;

use crate::common;

fn committed() -> String {
    std::fs::read_to_string(common::repo().join(schema::FILE_NAME)).unwrap_or_default()
}

#[test]
fn committed_schema_is_up_to_date() {
    let generated = schema::config_schema();
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        if let Err(e) = std::fs::write(common::repo().join(schema::FILE_NAME), &generated) {
            panic!("cannot write {}: {e}", schema::FILE_NAME);
        }
    }
    assert!(
        committed() == generated,
        "{} differs from the configuration types (UPDATE_SCHEMA=1 cargo test --test suite config_schema rewrites it)",
        schema::FILE_NAME
    );
}

/// The schema validates a TOML text the way editors do: the text read as TOML, then as JSON.
fn schema_accepts(text: &str) -> Result<(), String> {
    let schema: serde_json::Value = match serde_json::from_str(&schema::config_schema()) {
        Ok(v) => v,
        Err(e) => panic!("the schema is not JSON: {e}"),
    };
    let validator = match jsonschema::validator_for(&schema) {
        Ok(v) => v,
        Err(e) => panic!("the schema is not a valid JSON Schema: {e}"),
    };
    let value: toml::Value = match toml::from_str(text) {
        Ok(v) => v,
        Err(e) => panic!("not TOML: {e}\n{text}"),
    };
    let json = match serde_json::to_value(value) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    let errors: Vec<String> = validator.iter_errors(&json).map(|e| e.to_string()).collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

fn reader_accepts(text: &str) -> Result<(), String> {
    let registry = match mcpshift::rules::registry() {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    mcpshift::config::parse(Path::new("mcpshift.toml"), text, registry).map(|_| ())
}

#[test]
fn schema_and_reader_agree() {
    let accepted = [
        "",
        "target = \"dual\"\nfail-on = \"never\"\n",
        "select = [\"MCP101\", \"removed-ping\"]\nignore = [\"MCP104\"]\nexclude = [\"generated/\"]\n",
        "sarif-category = \"mcp-rust\"\n[levels]\nMCP103 = \"note\"\nsession-id-header = \"off\"\n",
        "fix = true\nunsafe-fixes = false\n",
    ];
    for text in accepted {
        assert_eq!(schema_accepts(text), Ok(()), "the schema refuses what mcpshift reads:\n{text}");
        assert_eq!(reader_accepts(text), Ok(()), "mcpshift refuses:\n{text}");
    }
    // Wrong keys and values the schema can see: both refuse them.
    let refused = [
        "fail_on = \"error\"\n",
        "target = \"legacy\"\n",
        "fail-on = \"fatal\"\n",
        "select = \"MCP101\"\n",
        "exclude = [1]\n",
        "sarif-category = \"\"\n",
        "[levels]\nMCP103 = \"loud\"\n",
        "levels = [\"MCP103\"]\n",
    ];
    for text in refused {
        assert!(schema_accepts(text).is_err(), "the schema accepts what mcpshift refuses:\n{text}");
        assert!(reader_accepts(text).is_err(), "mcpshift accepts:\n{text}");
    }
}

/// The README's example configuration is valid for both.
#[test]
fn readme_example_is_valid() {
    let readme = std::fs::read_to_string(common::repo().join("README.md")).unwrap_or_default();
    let start = readme.find("```toml\n# Which protocol").map(|i| i + "```toml\n".len());
    let Some(start) = start else { panic!("the README's example mcpshift.toml is gone") };
    let end = readme[start..].find("```").map_or(readme.len(), |e| start + e);
    let example = &readme[start..end];
    assert_eq!(schema_accepts(example), Ok(()));
    assert_eq!(reader_accepts(example), Ok(()));
}
