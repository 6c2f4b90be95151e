//! `--changed-since REV`: only findings in files git reports as changed or untracked.

use crate::common::*;

const CLIENT_TS: &str = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nawait client.ping();\n";

#[test]
fn only_changed_and_untracked_files_are_reported() {
    let p = Project::new("changed");
    p.git(&["init", "-q"]);
    p.file("src/server.ts", LEGACY_SERVER_TS);
    p.file("src/client.ts", CLIENT_TS);
    p.file("src/other.ts", CLIENT_TS);
    p.git(&["add", "."]);
    p.git(&["commit", "-q", "-m", "legacy"]);
    let head = p.git(&["rev-parse", "HEAD"]).trim().to_string();

    // Nothing changed: nothing reported, though every file was analyzed.
    let out = p.run(&["check", "--changed-since", &head, "--format", "json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let doc = json(&stdout(&out));
    assert_eq!(findings(&doc), vec![]);
    assert_eq!(doc["summary"]["files_analyzed"], 3);

    // One modified (uncommitted), one committed after REV, one untracked.
    p.file("src/client.ts", &format!("{CLIENT_TS}await client.setLoggingLevel('debug');\n"));
    p.file("src/new.ts", CLIENT_TS);
    p.file("src/server.ts", &format!("// touched\n{LEGACY_SERVER_TS}"));
    p.git(&["commit", "-q", "-am", "touch"]);
    p.file("src/client.ts", &format!("{CLIENT_TS}await client.setLoggingLevel('debug');\n// edited\n"));
    let out = p.run(&["check", "--changed-since", &head, "--format", "json"]);
    assert_eq!(code(&out), 1);
    let files: Vec<String> = findings(&json(&stdout(&out))).into_iter().map(|f| f.0).collect();
    assert!(!files.contains(&"src/other.ts".to_string()), "{files:?}");
    for f in ["src/client.ts", "src/new.ts", "src/server.ts"] {
        assert!(files.contains(&f.to_string()), "{f} missing from {files:?}");
    }

    // From a subdirectory, paths stay relative to the project root (here the git top level),
    // so that they mean the same files as a run from the root.
    let out = run_in(&p.dir.join("src"), &["check", "--changed-since", &head, "--format", "json"]);
    let files: Vec<String> = findings(&json(&stdout(&out))).into_iter().map(|f| f.0).collect();
    assert!(files.contains(&"src/new.ts".to_string()) && !files.contains(&"src/other.ts".to_string()), "{files:?}");
}

#[test]
fn a_bad_revision_or_no_repository_is_an_error() {
    let p = Project::new("changed-bad");
    p.file("src/client.ts", CLIENT_TS);
    let out = p.run(&["check", "--changed-since", "HEAD~1"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("--changed-since: `git diff"), "{}", stderr(&out));
    p.git(&["init", "-q"]);
    let out = p.run(&["check", "--changed-since", "no-such-branch"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("no-such-branch"), "{}", stderr(&out));
    let out = p.run(&["check", "--changed-since", "--output=x"]);
    assert_eq!(code(&out), 2);
}
