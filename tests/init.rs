//! `mcpshift init`: the configuration it writes names what the project holds, is read by
//! `mcpshift check` and by the schema editors use, and no existing file is ever overwritten.

use crate::common::{self, code, stderr, stdout, Project};

const VERSION: &str = env!("CARGO_PKG_VERSION");

fn monorepo() -> Project {
    let p = Project::new("init");
    p.file("package.json", r#"{ "name": "acme-mcp", "dependencies": { "@modelcontextprotocol/sdk": "^1.20.0" } }"#)
        .file("src/server.ts", "export const port = 3000;\n")
        .file("src/util.js", "module.exports = {};\n")
        .file("tools/cli.mts", "export {};\n")
        .file(
            "crates/tool/Cargo.toml",
            "[package]\nname = \"acme-tool\"\nversion = \"0.1.0\"\n\n[dependencies]\nrmcp = \"0.8\"\n",
        )
        .file("crates/tool/src/lib.rs", "pub fn f() {}\n")
        .file("web/package.json", r#"{ "name": "acme-web", "dependencies": { "react": "^19.0.0" } }"#)
        // What the walk leaves out is not counted.
        .file("node_modules/left-pad/package.json", r#"{ "name": "left-pad" }"#)
        .file("node_modules/left-pad/index.js", "module.exports = 1;\n");
    p
}

#[test]
fn writes_a_commented_config_with_the_languages_and_packages_found() {
    let p = monorepo();
    let out = p.run(&["init"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("wrote mcpshift.toml"), "{}", stdout(&out));
    let text = p.read("mcpshift.toml");
    let schema_line =
        format!("#:schema https://raw.githubusercontent.com/mcpshift/mcpshift/v{VERSION}/mcpshift.schema.json\n");
    assert!(text.starts_with(&schema_line), "{text}");
    assert!(text.contains("#   languages: TypeScript (2 files), JavaScript (1 file), Rust (1 file)\n"), "{text}");
    assert!(text.contains("#   packages (3):\n"), "{text}");
    assert!(
        text.contains("#     .            npm    acme-mcp: MCP code, depends on @modelcontextprotocol/sdk\n"),
        "{text}"
    );
    assert!(text.contains("#     crates/tool  cargo  acme-tool: MCP code, depends on rmcp\n"), "{text}");
    assert!(text.contains("#     web          npm    acme-web\n"), "{text}");
    assert!(!text.contains("left-pad"), "{text}");
    // Every key is there, set to its default or commented out with an example.
    for key in [
        "target = \"modern\"",
        "fail-on = \"warning\"",
        "# select = ",
        "# ignore = ",
        "# exclude = ",
        "# sarif-category = ",
        "# fix = ",
        "# unsafe-fixes = ",
        "# [levels]",
    ] {
        assert!(text.contains(key), "{key} missing:\n{text}");
    }
    // mcpshift reads it (a bad file would stop the run with exit code 2).
    let check = p.run(&["check", "--format", "json"]);
    assert_ne!(code(&check), 2, "{}", stderr(&check));
}

#[test]
fn an_empty_folder_gets_a_config_that_says_so() {
    let p = Project::new("init-empty");
    let out = p.run(&["init"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = p.read("mcpshift.toml");
    assert!(
        text.contains("#   no TypeScript, JavaScript, Python or Rust source yet\n#   no package.json or Cargo.toml\n"),
        "{text}"
    );
}

#[test]
fn refuses_to_overwrite_the_config() {
    let p = monorepo();
    p.file("mcpshift.toml", "target = \"dual\"\n");
    let out = p.run(&["init"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("mcpshift.toml already exists; mcpshift init does not overwrite it"),
        "{}",
        stderr(&out)
    );
    assert_eq!(p.read("mcpshift.toml"), "target = \"dual\"\n");
}

#[test]
fn github_writes_a_workflow_that_runs_the_action_and_uploads_sarif() {
    let p = monorepo();
    p.git(&["init", "-q"]);
    let out = p.run(&["init", "--github"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("wrote .github/workflows/mcpshift.yml"), "{}", stdout(&out));
    let workflow = p.read(".github/workflows/mcpshift.yml");
    assert!(workflow.contains(&format!("      - uses: mcpshift/mcpshift@v{VERSION}\n")), "{workflow}");
    assert!(workflow.contains("security-events: write"), "{workflow}");
    assert!(workflow.contains("    branches: [main]\n"), "{workflow}");
    // Each input it passes is one the Action declares.
    let action = std::fs::read_to_string(common::repo().join("action.yml")).unwrap_or_default();
    let with = workflow.split("        with:\n").nth(1).unwrap_or_default();
    let inputs: Vec<&str> = with.lines().filter_map(|l| l.trim().split_once(':').map(|(k, _)| k)).collect();
    assert_eq!(inputs, ["upload-sarif", "category"], "{workflow}");
    for input in inputs {
        assert!(action.contains(&format!("\n  {input}:\n")), "action.yml has no input `{input}`");
    }
}

#[test]
fn github_refuses_to_overwrite_a_workflow_and_writes_nothing() {
    let p = monorepo();
    p.git(&["init", "-q"]);
    p.file(".github/workflows/mcpshift.yml", "name: mine\n");
    let out = p.run(&["init", "--github"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("mcpshift.yml already exists"), "{}", stderr(&out));
    assert_eq!(p.read(".github/workflows/mcpshift.yml"), "name: mine\n");
    assert!(!p.dir.join("mcpshift.toml").exists(), "the config was written although the run failed");
}

#[test]
fn github_in_a_subfolder_is_refused_since_sarif_paths_start_at_the_repository() {
    let p = monorepo();
    p.git(&["init", "-q"]);
    let out = p.run(&["init", "--github", "crates/tool"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("is not the top of its git repository"), "{}", stderr(&out));
    assert!(!p.dir.join("crates/tool/mcpshift.toml").exists());
    assert!(!p.dir.join(".github").exists());
    // Without --github, a subfolder gets its own configuration, and so its own project root.
    let out = p.run(&["init", "crates/tool"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = p.read("crates/tool/mcpshift.toml");
    assert!(text.contains("#   languages: Rust (1 file)\n") && text.contains("#     .  cargo  acme-tool"), "{text}");
}
