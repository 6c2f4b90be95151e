//! `mcpshift.toml`: discovery, every key, command-line precedence, and clear errors.

use crate::common::*;

fn rules_found(p: &Project, args: &[&str]) -> Vec<(String, u64, String)> {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let out = p.run(&all);
    assert_ne!(code(&out), 2, "{}", stderr(&out));
    findings(&json(&stdout(&out)))
}

fn legacy_project(name: &str) -> Project {
    let p = Project::new(name);
    p.file("src/server.ts", LEGACY_SERVER_TS);
    p.file(
        "gen/client.ts",
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nawait client.ping();\n",
    );
    p
}

#[test]
fn config_is_found_by_walking_up_from_the_first_path() {
    let p = legacy_project("config-walk");
    p.file("mcpshift.toml", "select = [\"MCP102\"]\n");
    let found = rules_found(&p, &["src"]);
    assert_eq!(found, vec![("src/server.ts".to_string(), 10, "MCP102".to_string())]);
    // From a directory above the project, naming it.
    let parent = p.dir.parent().map(std::path::Path::to_path_buf).unwrap_or_default();
    let name = p.dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let out = run_in(&parent, &["check", &format!("{name}/src"), "--format", "json"]);
    let rules: Vec<String> = findings(&json(&stdout(&out))).into_iter().map(|f| f.2).collect();
    assert_eq!(rules, vec!["MCP102".to_string()]);
    // --no-config ignores it; --config names another file.
    assert_eq!(rules_found(&p, &["--no-config"]).len(), 4);
    p.file("other.toml", "select = [\"removed-ping\"]\n");
    let found = rules_found(&p, &["--config", "other.toml"]);
    assert!(found.iter().all(|f| f.2 == "MCP301") && found.len() == 2, "{found:?}");
}

#[test]
fn every_key_applies() {
    let p = legacy_project("config-keys");
    p.file(
        "mcpshift.toml",
        "# the project's settings\n\
         target = \"modern\"\n\
         ignore = [\"MCP103\"]\n\
         exclude = [\"gen/\"]\n\
         fail-on = \"error\"\n\
         \n\
         [levels]\n\
         MCP301 = \"warning\"\n\
         logging-set-level = \"off\"\n",
    );
    let out = p.run(&["check", "--format", "json"]);
    let doc = json(&stdout(&out));
    let found: Vec<(String, String)> = doc["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| (f["rule"].as_str().unwrap_or_default().into(), f["level"].as_str().unwrap_or_default().into()))
        .collect();
    // gen/ is excluded, MCP302 is off, MCP301 is a warning.
    assert_eq!(found, vec![("MCP301".into(), "warning".into()), ("MCP102".into(), "error".into())]);
    assert_eq!(code(&out), 1);
    // fail-on = error: without the MCP102 error, the warning does not fail the run.
    p.file("src/server.ts", &LEGACY_SERVER_TS.replace("req.headers['mcp-session-id']", "req.headers.host"));
    assert_eq!(code(&p.run(&["check"])), 0);
}

#[test]
fn command_line_flags_override_the_file() {
    let p = legacy_project("config-override");
    p.file("mcpshift.toml", "select = [\"MCP102\"]\nfail-on = \"never\"\nexclude = [\"gen/\"]\n");
    p.file(
        "lib/extra.ts",
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nawait client.ping();\n",
    );
    assert_eq!(rules_found(&p, &[]), vec![("src/server.ts".to_string(), 10, "MCP102".to_string())]);
    assert_eq!(code(&p.run(&["check"])), 0);
    // --select replaces the file's select, --fail-on its fail-on.
    let found = rules_found(&p, &["--select", "MCP301"]);
    assert_eq!(
        found,
        vec![
            ("lib/extra.ts".to_string(), 2, "MCP301".to_string()),
            ("src/server.ts".to_string(), 5, "MCP301".to_string())
        ]
    );
    assert_eq!(code(&p.run(&["check", "--fail-on", "error"])), 1);
    // --exclude adds to the file's exclude: gen/ stays out, and lib/ goes too.
    let found = rules_found(&p, &["--select", "MCP301", "--exclude", "lib/"]);
    assert_eq!(found, vec![("src/server.ts".to_string(), 5, "MCP301".to_string())]);
    // Its patterns are relative to the current directory, the file's to the file.
    let out =
        run_in(&p.dir.join("lib"), &["check", "..", "--format", "json", "--select", "MCP301", "--exclude", "extra.ts"]);
    let files: Vec<String> = findings(&json(&stdout(&out))).into_iter().map(|f| f.0).collect();
    assert_eq!(files, vec!["src/server.ts".to_string()]);
    // A rule turned off in [levels] runs when --select names it.
    p.file("mcpshift.toml", "[levels]\nMCP102 = \"off\"\n");
    assert!(!rules_found(&p, &[]).iter().any(|f| f.2 == "MCP102"));
    assert_eq!(rules_found(&p, &["--select", "MCP102"]).len(), 1);
}

#[test]
fn errors_name_the_file_the_line_and_the_valid_choices() {
    let p = legacy_project("config-errors");
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "select = [\"MCP102\"]\nfail_on = \"error\"\n",
            "mcpshift.toml:2:1: unknown field `fail_on`",
            &["`fail-on`", "`levels`"],
        ),
        ("fail-on = \"sometimes\"\n", "mcpshift.toml:1:11: unknown variant `sometimes`", &["`error`", "`never`"]),
        ("target = \"2026\"\n", "mcpshift.toml:1:10: unknown variant `2026`", &["`modern`", "`dual`"]),
        ("ignore = [\"MCP102\", \"MCP999\"]\n", "mcpshift.toml:1:21: unknown rule `MCP999`", &["MCP102", "MCP301"]),
        ("[levels]\nMCP102 = \"fatal\"\n", "mcpshift.toml:2:10: unknown variant `fatal`", &["`note`", "`off`"]),
        ("exclude = \"gen\"\n", "mcpshift.toml:1:11: invalid type: string \"gen\", expected a sequence", &[]),
        ("select = [\"MCP102\"\n", "mcpshift.toml:1:", &[]),
    ];
    for (text, start, choices) in cases {
        p.file("mcpshift.toml", text);
        let out = p.run(&["check", "src"]);
        let err = stderr(&out);
        assert_eq!(code(&out), 2, "{text}: {err}");
        assert!(err.starts_with(&format!("mcpshift: error: {start}")), "{text}: {err}");
        for c in *choices {
            assert!(err.contains(c), "{text}: `{c}` missing from: {err}");
        }
    }
}
