//! Exit codes and the messages that go with them: unknown rules get a "did you mean".

mod common;

use common::*;

#[test]
fn unknown_rules_get_a_did_you_mean() {
    let p = Project::new("exit-suggest");
    p.file("src/ok.ts", "export const answer = 42;\n");
    for (args, expected) in [
        (vec!["check", "--select", "MCP1020"], "--select: unknown rule `MCP1020` (did you mean `MCP102`?)"),
        (
            vec!["check", "--ignore", "sesion-state"],
            "--ignore: unknown rule `sesion-state` (did you mean `session-state`?)",
        ),
        (vec!["explain", "removed_ping"], "unknown rule `removed_ping` (did you mean `removed-ping`?)"),
        (vec!["check", "--select", "MCP999"], "--select: unknown rule `MCP999` (see `mcpshift rules`)"),
    ] {
        let out = p.run(&args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(stderr(&out).contains(expected), "{args:?}: {}", stderr(&out));
    }
    p.file("mcpshift.toml", "ignore = [\"MCP1O2\"]\n");
    let err = stderr(&p.run(&["check"]));
    assert!(err.contains("mcpshift.toml:1:11: unknown rule `MCP1O2` (did you mean `MCP102`?)"), "{err}");
    p.file("mcpshift.toml", "");
    p.file(
        "src/server.ts",
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n\
         // mcpshift-ignore: sesion-id-header -- the dashboard still sends it\n\
         const sid = req.headers['mcp-session-id'];\n",
    );
    let doc = json(&stdout(&p.run(&["check", "--format", "json"])));
    let messages: Vec<&str> = doc["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"] == "MCP001")
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert_eq!(messages.len(), 1, "{doc}");
    assert!(
        messages[0].contains("unknown rule `sesion-id-header` (did you mean `session-id-header`?)"),
        "{messages:?}"
    );
}
