//! Messages and hints state only what the code does, and following every hint leaves working
//! code: a type or a constant names a removed message (it neither sends nor handles it), client
//! code gets the client's advice, a transport rejection gets a transport hint, and the logging
//! hints agree with the 2.0 TypeScript SDK, where `ctx.mcpReq.log` sends nothing without the
//! `logging` capability.

use mcpshift::check::check_source;
use mcpshift::diagnostic::Diagnostic;
use mcpshift::engine::Target;

fn findings(path: &str, text: &str) -> Vec<Diagnostic> {
    match check_source(path, text, Target::Modern) {
        Ok(d) => d,
        Err(e) => panic!("{path}: {e}"),
    }
}

fn of<'d>(found: &'d [Diagnostic], rule: &str) -> Vec<&'d Diagnostic> {
    found.iter().filter(|d| d.rule == rule).collect()
}

fn line_of(text: &str, needle: &str) -> u32 {
    match text.lines().position(|l| l.contains(needle)) {
        Some(i) => i as u32 + 1,
        None => panic!("no line with {needle:?}"),
    }
}

/// The finding of `rule` on the line holding `needle`.
fn at<'d>(found: &'d [Diagnostic], text: &str, rule: &str, needle: &str) -> &'d Diagnostic {
    let line = line_of(text, needle);
    match found.iter().find(|d| d.rule == rule && d.start.line == line) {
        Some(d) => d,
        None => panic!("no {rule} on line {line} ({needle:?}); found: {:#?}", of(found, rule)),
    }
}

#[test]
fn types_and_constants_name_a_removed_message() {
    let ts = "import type { Result } from '@modelcontextprotocol/sdk/types.js';\n\
              export type ClientRequest = ListTasksRequest | CallToolRequest;\n\
              export const LIST = 'tasks/list';\n\
              export const ResultRequest = z.object({ method: z.literal('tasks/result') });\n\
              export function list(client: { request(r: object): void }) {\n  client.request({ method: 'tasks/list' });\n}\n";
    let found = findings("types.ts", ts);
    assert!(at(&found, ts, "MCP306", "ClientRequest").message.starts_with("a type names `ListTasksRequest`"));
    assert!(at(&found, ts, "MCP306", "z.literal").message.starts_with("a schema names `tasks/result`"));
    assert!(at(&found, ts, "MCP306", "const LIST").message.starts_with("defines a constant for `tasks/list`"));
    // A message actually sent is still said to be sent or handled.
    assert!(at(&found, ts, "MCP306", "client.request").message.starts_with("sends or handles `tasks/list`"));

    let rs = "pub const LIST: &str = \"tasks/list\";\npub fn route(m: &str) -> bool {\n    m == \"tasks/result\"\n}\n";
    let found = findings("commands.rs", rs);
    assert!(at(&found, rs, "MCP306", "LIST").message.starts_with("defines a constant for `tasks/list`"));
    assert!(at(&found, rs, "MCP306", "m == ").message.starts_with("sends or handles `tasks/result`"));
}

#[test]
fn url_elicitation_advice_fits_the_side_of_the_code() {
    let ts = "import { Client } from '@modelcontextprotocol/client';\n\
              export function watch(client: Client) {\n\
              \x20 client.setNotificationHandler('notifications/elicitation/complete', (n) => console.log(n.params.elicitationId));\n\
              }\n";
    let found = findings("client.ts", ts);
    let d = at(&found, ts, "MCP307", "setNotificationHandler");
    assert!(d.hint.starts_with("Clients:"), "{}", d.hint);
    assert!(!d.hint.contains("InputRequiredResult` and correlate"), "{}", d.hint);

    let server = "import { McpServer, UrlElicitationRequiredError } from '@modelcontextprotocol/server';\n\
                  export function fail(server: McpServer) {\n\
                  \x20 throw new UrlElicitationRequiredError([{ mode: 'url', url: 'https://x', message: 'm', elicitationId: 'e' }]);\n\
                  }\n";
    let found = findings("server.ts", server);
    let d = at(&found, server, "MCP307", "throw new");
    assert!(d.hint.contains("requestState"), "{}", d.hint);
    assert!(!d.hint.starts_with("Clients:"), "{}", d.hint);
    // Messages say what the code does; the advice is the hint's.
    for d in of(&found, "MCP307") {
        assert!(!d.message.contains("correlate"), "{}", d.message);
    }
}

#[test]
fn a_transport_rejection_is_told_to_use_a_standard_code() {
    let ts = "import type { McpServer } from '@modelcontextprotocol/server';\n\
              export type S = McpServer;\n\
              export function reject(res: any) {\n\
              \x20 res.status(415).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Unsupported Media Type' }, id: null });\n\
              }\n\
              export function fail() {\n\
              \x20 return { jsonrpc: '2.0', id: 1, error: { code: -32010, message: 'quota' } };\n\
              }\n";
    let found = findings("http.ts", ts);
    let transport = at(&found, ts, "MCP402", "status(415)");
    assert!(transport.hint.contains("-32600"), "{}", transport.hint);
    let app = at(&found, ts, "MCP402", "-32010");
    assert!(!app.hint.contains("-32600"), "{}", app.hint);
    assert!(app.hint.contains("outside -32768"), "{}", app.hint);
}

#[test]
fn announcing_a_list_change_says_what_the_call_does() {
    let ts = "import { McpServer } from '@modelcontextprotocol/server';\n\
              export function register(server: McpServer) {\n\
              \x20 server.registerTool('refresh', {}, async () => {\n\
              \x20   server.sendToolListChanged();\n\
              \x20   return { content: [] };\n\
              \x20 });\n\
              }\n";
    let found = findings("tools.ts", ts);
    let d = at(&found, ts, "MCP603", "sendToolListChanged");
    assert!(d.message.starts_with("calls `sendToolListChanged`"), "{}", d.message);
    assert!(d.message.contains("drops a notification not tied to the current request"), "{}", d.message);
    assert!(!d.message.contains("the list changes"), "{}", d.message);
}

/// Following every logging hint together leaves code that logs: a hint that points to
/// `ctx.mcpReq.log` says that it needs the `logging` capability, and no hint tells a server to
/// drop the capability while it still logs through the protocol.
#[test]
fn logging_hints_agree_with_the_v2_sdk() {
    let ts = "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n\
              import { SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';\n\
              const server = new Server({ name: 's', version: '1' }, { capabilities: { logging: {} } });\n\
              server.setRequestHandler(SetLevelRequestSchema, async () => ({}));\n\
              export async function log() {\n  await server.sendLoggingMessage({ level: 'info', data: 'x' });\n}\n";
    let found = findings("server.ts", ts);
    let hints: Vec<&str> = of(&found, "MCP302").iter().map(|d| d.hint.as_str()).collect();
    assert!(hints.len() >= 3, "{hints:#?}");
    for hint in &hints {
        if hint.contains("ctx.mcpReq.log") {
            assert!(hint.contains("`logging` capability") || hint.contains("declaring `logging`"), "{hint}");
        }
        assert!(!hint.contains("stop advertising it, and log"), "{hint}");
    }
}

#[test]
fn a_schema_copy_is_one_note_that_says_so() {
    let ts = "import type { Result } from '@modelcontextprotocol/sdk/types.js';\n\
              export type ClientRequest = ListTasksRequest | GetTaskPayloadRequest;\n\
              export const URL_ELICITATION_REQUIRED = -32042;\n";
    let found = findings("spec.types.2025-11-25.ts", ts);
    let migration: Vec<&Diagnostic> = found.iter().filter(|d| !d.rule.starts_with("MCP0")).collect();
    assert_eq!(migration.len(), 1, "{migration:#?}");
    let note = migration[0];
    assert_eq!(note.level.as_str(), "note");
    assert!(note.message.contains("is a copy of the 2025-11-25 schema"), "{}", note.message);
    assert!(note.message.contains("MCP306, MCP307"), "{}", note.message);
}
