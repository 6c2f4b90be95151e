//! Each rule's fix, on small sources: the analysis runs, the fixes of one rule are applied with
//! `fix::apply`, and the result is compared with the expected text; the fixed text must parse and
//! have no finding of the rule left where every finding had a fix. Cases the edit would be wrong
//! for must carry no fix.

use mcpshift::check::check_source;
use mcpshift::diagnostic::Diagnostic;
use mcpshift::engine::Target;
use mcpshift::fix::{apply, Applicability, Edit};

fn findings(path: &str, text: &str, rule: &str) -> Vec<Diagnostic> {
    match check_source(path, text, Target::Modern) {
        Ok(d) => d.into_iter().filter(|d| d.rule == rule).collect(),
        Err(e) => panic!("{path}: {e}\n{text}"),
    }
}

/// The text after every fix of `rule` (all are expected to be of `applicability`).
fn fixed(path: &str, text: &str, rule: &str, applicability: Applicability) -> String {
    let found = findings(path, text, rule);
    assert!(!found.is_empty(), "no {rule} finding in\n{text}");
    let mut edits: Vec<Edit> = Vec::new();
    for d in &found {
        let Some(fix) = &d.fix else { panic!("{rule} finding without a fix: {}\n{text}", d.message) };
        assert_eq!(fix.applicability, applicability, "{}", fix.message);
        assert!(!fix.message.is_empty());
        edits.extend(fix.edits.iter().cloned());
    }
    edits.sort();
    edits.dedup();
    let after = match apply(text, &edits) {
        Ok(t) => t,
        Err(e) => panic!("{e}\n{text}"),
    };
    let left = findings(path, &after, rule);
    assert!(
        left.is_empty(),
        "{rule} still reported after the fix: {:?}\n{after}",
        left.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    after
}

/// Every finding of `rule` in `text` has no fix (and there is at least one).
fn no_fix(path: &str, text: &str, rule: &str) {
    let found = findings(path, text, rule);
    assert!(!found.is_empty(), "no {rule} finding in\n{text}");
    for d in found {
        assert!(d.fix.is_none(), "unexpected fix {:?} for {}\n{text}", d.fix, d.message);
    }
}

const TS_SERVER: &str = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";
const TS_CLIENT: &str = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n";
const RS_MODEL: &str = "use rmcp::model::ErrorCode;\n";

fn ts(head: &str, body: &str) -> String {
    format!("{head}{body}")
}

// ---------------------------------------------------------------------------------------------
// MCP205: draft error numbers

#[test]
fn mcp205_draft_numbers_become_final_codes() {
    let before = ts(
        TS_SERVER,
        "export const HEADER_MISMATCH = -32001;\nexport function unsupported() {\n  return { code: -32004, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } };\n}\n",
    );
    let after = ts(
        TS_SERVER,
        "export const HEADER_MISMATCH = -32020;\nexport function unsupported() {\n  return { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } };\n}\n",
    );
    assert_eq!(fixed("a.ts", &before, "MCP205", Applicability::Safe), after);

    let before = format!("{RS_MODEL}pub const MISSING_CAPABILITY: i32 = -32_003_i32;\npub const UNSUPPORTED_VERSION: ErrorCode = ErrorCode(-0x7D04);\n");
    let after = format!("{RS_MODEL}pub const MISSING_CAPABILITY: i32 = -32021i32;\npub const UNSUPPORTED_VERSION: ErrorCode = ErrorCode(-32022);\n");
    assert_eq!(fixed("a.rs", &before, "MCP205", Applicability::Safe), after);
}

#[test]
fn mcp205_branch_on_a_constant_is_fixed_at_the_definition() {
    let before = ts(
        TS_CLIENT,
        "const UNSUPPORTED_PROTOCOL_VERSION = -32004;\nexport function retry(err: { code: number; data?: { supported?: string[] } }) {\n  if (err.code === UNSUPPORTED_PROTOCOL_VERSION) {\n    return err.data?.supported?.[0];\n  }\n}\n",
    );
    let found = findings("a.ts", &before, "MCP205");
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found.iter().filter(|d| d.fix.is_some()).count(), 1, "only the definition carries the fix");
    let after = fixed_some("a.ts", &before, "MCP205");
    assert!(after.contains("UNSUPPORTED_PROTOCOL_VERSION = -32022;"), "{after}");
    assert!(findings("a.ts", &after, "MCP205").is_empty());
}

/// Applies the fixes there are (some findings may have none).
fn fixed_some(path: &str, text: &str, rule: &str) -> String {
    let mut edits: Vec<Edit> = findings(path, text, rule)
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .flat_map(|f| f.edits.iter().cloned())
        .collect();
    edits.sort();
    edits.dedup();
    match apply(text, &edits) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn mcp205_fallback_on_one_code_has_no_fix() {
    let text = ts(
        TS_CLIENT,
        "export async function connect(send: (m: string) => Promise<unknown>) {\n  try {\n    return await send('server/discover');\n  } catch (err: any) {\n    if (err.code === -32601) {\n      return send('initialize');\n    }\n    throw err;\n  }\n}\n",
    );
    no_fix("a.ts", &text, "MCP205");
}

// ---------------------------------------------------------------------------------------------
// MCP101: session options (unsafe)

#[test]
fn mcp101_session_options_turn_stateless() {
    let head = "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\nimport { randomUUID } from 'node:crypto';\n";
    let before = ts(head, "export const t = new StreamableHTTPServerTransport({\n  sessionIdGenerator: () => randomUUID(),\n  onsessioninitialized: (id) => console.log(id),\n});\n");
    let after = ts(head, "export const t = new StreamableHTTPServerTransport({\n  sessionIdGenerator: undefined,\n  onsessioninitialized: (id) => console.log(id),\n});\n");
    // The callback's finding has no fix of its own: the generator's fix makes it inert.
    let mut edits: Vec<Edit> = Vec::new();
    for d in findings("a.ts", &before, "MCP101") {
        if let Some(f) = d.fix {
            assert_eq!(f.applicability, Applicability::Unsafe);
            edits.extend(f.edits);
        }
    }
    let out = apply(&before, &edits).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out, after);
    assert!(findings("a.ts", &out, "MCP101").is_empty());

    let shorthand = ts(head, "const sessionIdGenerator = () => randomUUID();\nexport const t = new StreamableHTTPServerTransport({ sessionIdGenerator });\n");
    let out = fixed("a.ts", &shorthand, "MCP101", Applicability::Unsafe);
    assert!(out.contains("StreamableHTTPServerTransport({ sessionIdGenerator: undefined })"), "{out}");

    let head = "use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;\n";
    let before = format!("{head}fn config() -> StreamableHttpServerConfig {{\n    let c = StreamableHttpServerConfig {{ stateful_mode: true, ..Default::default() }};\n    c.with_legacy_session_mode(true)\n}}\n");
    let after = format!("{head}fn config() -> StreamableHttpServerConfig {{\n    let c = StreamableHttpServerConfig {{ stateful_mode: false, ..Default::default() }};\n    c.with_legacy_session_mode(false)\n}}\n");
    assert_eq!(fixed("a.rs", &before, "MCP101", Applicability::Unsafe), after);
}

#[test]
fn mcp101_stores_have_no_fix() {
    let text = "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\nconst transports: Record<string, StreamableHTTPServerTransport> = {};\nexport function get(id: string) { return transports[id]; }\n";
    no_fix("a.ts", text, "MCP101");
    // A callback on its own: removing it is part of a redesign, not one edit.
    let callback = "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\nexport const t = new StreamableHTTPServerTransport({ onsessioninitialized: (id) => console.log(id) });\n";
    no_fix("a.ts", callback, "MCP101");
}

// ---------------------------------------------------------------------------------------------
// MCP405: pagination on an empty cursor

#[test]
fn mcp405_typescript_tests_for_absence() {
    let before = ts(
        TS_CLIENT,
        "export async function all(client: Client) {\n  let cursor: string | undefined;\n  do {\n    const page = await client.listTools({ cursor });\n    cursor = page.nextCursor;\n  } while (cursor);\n}\nexport async function res(client: Client) {\n  let cursor: string | undefined;\n  for (;;) {\n    const res = await client.listResources({ cursor });\n    if (!res.nextCursor) break;\n    cursor = res.nextCursor;\n  }\n}\nexport async function names(client: Client) {\n  let cursor: string | undefined;\n  while (true) {\n    const page = await client.listTools({ cursor });\n    cursor = page.nextCursor;\n    if (cursor === undefined || cursor === '') return;\n  }\n}\n",
    );
    let after = ts(
        TS_CLIENT,
        "export async function all(client: Client) {\n  let cursor: string | undefined;\n  do {\n    const page = await client.listTools({ cursor });\n    cursor = page.nextCursor;\n  } while (cursor !== undefined);\n}\nexport async function res(client: Client) {\n  let cursor: string | undefined;\n  for (;;) {\n    const res = await client.listResources({ cursor });\n    if (res.nextCursor === undefined) break;\n    cursor = res.nextCursor;\n  }\n}\nexport async function names(client: Client) {\n  let cursor: string | undefined;\n  while (true) {\n    const page = await client.listTools({ cursor });\n    cursor = page.nextCursor;\n    if (cursor === undefined) return;\n  }\n}\n",
    );
    assert_eq!(fixed("a.ts", &before, "MCP405", Applicability::Safe), after);
}

#[test]
fn mcp405_string_sentinels_and_lengths_have_no_fix() {
    // `''` stands for "no cursor" here: `!== undefined` would never end the loop.
    let text = ts(
        TS_CLIENT,
        "export async function all(client: Client) {\n  let cursor = '';\n  do {\n    const page = await client.listTools(cursor ? { cursor } : {});\n    cursor = page.nextCursor ?? '';\n  } while (cursor);\n}\nexport async function len(client: Client) {\n  let cursor: string | undefined;\n  do {\n    const page = await client.listTools({ cursor });\n    cursor = page.nextCursor;\n  } while (cursor && cursor.length > 0);\n}\n",
    );
    let found = findings("a.ts", &text, "MCP405");
    let with_fix: Vec<_> = found.iter().filter(|d| d.fix.is_some()).collect();
    // Only `cursor` of the second loop (an optional cursor) is fixed.
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!(with_fix.len(), 1, "{with_fix:?}");
    assert_eq!(with_fix[0].start.line, 14);
}

#[test]
fn mcp405_rust_option_cursors_test_for_none() {
    let head = "use rmcp::model::PaginatedRequestParams;\n";
    let before = format!(
        "{head}async fn a(client: &Client) {{\n    let mut cursor = None;\n    loop {{\n        let page = client.list_tools(params(cursor)).await.unwrap();\n        cursor = page.next_cursor.filter(|c| !c.is_empty());\n        if cursor.is_none() {{ break; }}\n    }}\n}}\nasync fn b(client: &Client) {{\n    let mut cursor: Option<String> = None;\n    loop {{\n        let page = client.list_resources(params(cursor.clone())).await.unwrap();\n        if page.next_cursor.as_deref().unwrap_or(\"\").is_empty() {{ break; }}\n        cursor = page.next_cursor;\n    }}\n}}\nasync fn c(client: &Client) {{\n    let mut cursor = None;\n    loop {{\n        let page = client.list_prompts(params(cursor.take())).await.unwrap();\n        match page.next_cursor {{\n            Some(c) if !c.is_empty() => cursor = Some(c),\n            _ => break,\n        }}\n    }}\n}}\n"
    );
    let after = format!(
        "{head}async fn a(client: &Client) {{\n    let mut cursor = None;\n    loop {{\n        let page = client.list_tools(params(cursor)).await.unwrap();\n        cursor = page.next_cursor;\n        if cursor.is_none() {{ break; }}\n    }}\n}}\nasync fn b(client: &Client) {{\n    let mut cursor: Option<String> = None;\n    loop {{\n        let page = client.list_resources(params(cursor.clone())).await.unwrap();\n        if page.next_cursor.as_deref().is_none() {{ break; }}\n        cursor = page.next_cursor;\n    }}\n}}\nasync fn c(client: &Client) {{\n    let mut cursor = None;\n    loop {{\n        let page = client.list_prompts(params(cursor.take())).await.unwrap();\n        match page.next_cursor {{\n            Some(c) => cursor = Some(c),\n            _ => break,\n        }}\n    }}\n}}\n"
    );
    assert_eq!(fixed("a.rs", &before, "MCP405", Applicability::Safe), after);
}

#[test]
fn mcp405_rust_string_cursors_have_no_fix() {
    let text = "use rmcp::model::PaginatedRequestParams;\nasync fn n(client: &Client) -> usize {\n    let mut n = 0;\n    loop {\n        let page = client.list_tools(None).await.unwrap();\n        n += page.tools.len();\n        let next = page.next_cursor.unwrap_or_default();\n        if next.is_empty() {\n            return n;\n        }\n    }\n}\n";
    no_fix("a.rs", text, "MCP405");
}

// ---------------------------------------------------------------------------------------------
// MCP102: the session header in CORS lists

#[test]
fn mcp102_header_leaves_cors_lists() {
    let head = "import cors from 'cors';\nimport { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\n";
    let before = ts(
        head,
        "export const a = cors({ exposedHeaders: ['Mcp-Session-Id'], allowedHeaders: ['Content-Type', 'mcp-session-id', 'Authorization'] });\nexport const b = {\n  allowHeaders: 'Content-Type, Accept, Mcp-Session-Id',\n  exposeHeaders: [\n    'Content-Type',\n    'Mcp-Session-Id',\n  ],\n};\n",
    );
    let after = ts(
        head,
        "export const a = cors({ exposedHeaders: [], allowedHeaders: ['Content-Type', 'Authorization'] });\nexport const b = {\n  allowHeaders: 'Content-Type, Accept',\n  exposeHeaders: [\n    'Content-Type',\n  ],\n};\n",
    );
    assert_eq!(fixed("a.ts", &before, "MCP102", Applicability::Safe), after);

    let head = "use rmcp::transport::StreamableHttpService;\nuse tower_http::cors::CorsLayer;\n";
    let before = format!("{head}fn cors() -> CorsLayer {{\n    CorsLayer::new().expose_headers([CONTENT_TYPE, HeaderName::from_static(\"mcp-session-id\")])\n}}\n");
    let after = format!("{head}fn cors() -> CorsLayer {{\n    CorsLayer::new().expose_headers([CONTENT_TYPE])\n}}\n");
    assert_eq!(fixed("a.rs", &before, "MCP102", Applicability::Safe), after);
}

#[test]
fn mcp102_reads_and_single_rust_elements_have_no_fix() {
    let text = "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\nexport function sid(req: any) { return req.headers['mcp-session-id']; }\n";
    no_fix("a.ts", text, "MCP102");
    let text = "use rmcp::transport::StreamableHttpService;\nfn cors() -> CorsLayer { CorsLayer::new().expose_headers([HeaderName::from_static(\"mcp-session-id\")]) }\n";
    no_fix("a.rs", text, "MCP102");
}

// ---------------------------------------------------------------------------------------------
// MCP403 / MCP404: fields added to hand-built results (unsafe)

const DISPATCH_HEAD: &str = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";

#[test]
fn mcp403_result_type_is_added_in_the_object_layout() {
    let before = ts(
        DISPATCH_HEAD,
        "export async function dispatch(method: string, params: any) {\n  switch (method) {\n    case 'tools/call':\n      return { content: [{ type: 'text', text: 'ok' }], isError: false };\n    case 'completion/complete':\n      return {\n        completion: { values: [], hasMore: false },\n      };\n  }\n}\n",
    );
    let after = ts(
        DISPATCH_HEAD,
        "export async function dispatch(method: string, params: any) {\n  switch (method) {\n    case 'tools/call':\n      return { content: [{ type: 'text', text: 'ok' }], isError: false, resultType: 'complete' };\n    case 'completion/complete':\n      return {\n        completion: { values: [], hasMore: false },\n        resultType: 'complete',\n      };\n  }\n}\n",
    );
    assert_eq!(fixed("a.ts", &before, "MCP403", Applicability::Unsafe), after);

    let head = "use serde_json::json;\nuse rmcp::model::ErrorCode;\n";
    let before = format!("{head}fn reply(id: u64) -> serde_json::Value {{\n    json!({{ \"jsonrpc\": \"2.0\", \"id\": id, \"result\": {{ \"content\": [], \"isError\": false }} }})\n}}\n");
    let after = format!("{head}fn reply(id: u64) -> serde_json::Value {{\n    json!({{ \"jsonrpc\": \"2.0\", \"id\": id, \"result\": {{ \"content\": [], \"isError\": false, \"resultType\": \"complete\" }} }})\n}}\n");
    assert_eq!(fixed("a.rs", &before, "MCP403", Applicability::Unsafe), after);
}

#[test]
fn mcp403_crlf_files_keep_their_line_endings() {
    let before = ts(
        DISPATCH_HEAD,
        "export async function dispatch(method: string) {\r\n  switch (method) {\r\n    case 'completion/complete':\r\n      return {\r\n        completion: { values: [], hasMore: false }\r\n      };\r\n  }\r\n}\r\n",
    );
    let after = fixed("a.ts", &before, "MCP403", Applicability::Unsafe);
    assert!(after.contains("hasMore: false },\r\n        resultType: 'complete'\r\n      };"), "{after:?}");
    assert_eq!(
        after.matches('\n').count(),
        after.matches("\r\n").count() + 1,
        "only the header line ends in a bare LF"
    );
}

#[test]
fn mcp404_conservative_hints_are_added() {
    let before = ts(
        DISPATCH_HEAD,
        "export async function dispatch(method: string) {\n  switch (method) {\n    case 'tools/list':\n      return { tools: [], resultType: 'complete', ttlMs: 60_000 };\n    case 'prompts/list':\n      return { prompts: [], resultType: 'complete' };\n  }\n}\n",
    );
    let after = ts(
        DISPATCH_HEAD,
        "export async function dispatch(method: string) {\n  switch (method) {\n    case 'tools/list':\n      return { tools: [], resultType: 'complete', ttlMs: 60_000, cacheScope: 'private' };\n    case 'prompts/list':\n      return { prompts: [], resultType: 'complete', ttlMs: 0, cacheScope: 'private' };\n  }\n}\n",
    );
    assert_eq!(fixed("a.ts", &before, "MCP404", Applicability::Unsafe), after);
    let found = findings("a.ts", &before, "MCP404");
    assert!(found.iter().all(|d| d.fix.as_ref().is_some_and(|f| f.message.contains("choose real values"))));
}

#[test]
fn mcp403_input_required_and_struct_results_have_no_fix() {
    let text = ts(
        DISPATCH_HEAD,
        "export async function dispatch(method: string) {\n  switch (method) {\n    case 'tools/call':\n      return { inputRequests: { a: { method: 'elicitation/create', params: {} } }, requestState: 's' };\n  }\n}\n",
    );
    no_fix("a.ts", &text, "MCP403");
}

// ---------------------------------------------------------------------------------------------
// MCP501: capability tests

#[test]
fn mcp501_typescript_tests_become_presence_tests() {
    let before = ts(
        TS_CLIENT,
        "export async function decide(client: Client, uri: string) {\n  const caps = client.getServerCapabilities()!;\n  const hasResources = caps.resources !== undefined && Object.keys(caps.resources).length > 0;\n  if (_.isEmpty(caps.tools)) console.log('no tools');\n  if (!isEmpty(caps.completions)) console.log('completions');\n  if (JSON.stringify(caps.prompts) !== '{}') console.log('prompts');\n  if (caps.logging === true) console.log('logging');\n  const sampling = Object.keys(caps.experimental ?? {}).length === 0 ? 'none' : 'some';\n  if (caps?.resources) await client.subscribeResource({ uri });\n  if (caps.tools?.listChanged) {\n    await client.listTools();\n  }\n  return { hasResources, sampling };\n}\n",
    );
    let after = ts(
        TS_CLIENT,
        "export async function decide(client: Client, uri: string) {\n  const caps = client.getServerCapabilities()!;\n  const hasResources = caps.resources !== undefined;\n  if (caps.tools === undefined) console.log('no tools');\n  if (caps.completions !== undefined) console.log('completions');\n  if (caps.prompts !== undefined) console.log('prompts');\n  if (caps.logging !== undefined) console.log('logging');\n  const sampling = caps.experimental === undefined ? 'none' : 'some';\n  if (caps?.resources?.subscribe === true) await client.subscribeResource({ uri });\n  if (caps.tools !== undefined) {\n    await client.listTools();\n  }\n  return { hasResources, sampling };\n}\n",
    );
    assert_eq!(fixed("a.ts", &before, "MCP501", Applicability::Safe), after);
}

#[test]
fn mcp501_rust_tests_become_presence_tests() {
    let head = "use rmcp::model::ServerCapabilities;\nuse serde_json::Value;\n";
    let before = format!(
        "{head}pub fn raw(init: &Value) -> bool {{\n    let caps = &init[\"capabilities\"];\n    let resources = caps[\"resources\"].as_object().map_or(false, |o| !o.is_empty());\n    let tools = caps.get(\"tools\").and_then(Value::as_bool).unwrap_or(false);\n    let prompts = caps[\"prompts\"].as_bool().unwrap_or(false);\n    resources && tools && prompts\n}}\npub async fn typed(caps: &ServerCapabilities, client: &Client) {{\n    if caps.resources.is_some() {{\n        client.subscribe(SubscribeRequestParams::new(uri())).await.ok();\n    }}\n    if caps.tools.as_ref().and_then(|t| t.list_changed).unwrap_or(false) {{\n        client.list_all_tools().await.ok();\n    }}\n}}\n"
    );
    let after = format!(
        "{head}pub fn raw(init: &Value) -> bool {{\n    let caps = &init[\"capabilities\"];\n    let resources = caps[\"resources\"].as_object().is_some();\n    let tools = caps.get(\"tools\").is_some();\n    let prompts = !caps[\"prompts\"].is_null();\n    resources && tools && prompts\n}}\npub async fn typed(caps: &ServerCapabilities, client: &Client) {{\n    if caps.resources.as_ref().is_some_and(|r| r.subscribe == Some(true)) {{\n        client.subscribe(SubscribeRequestParams::new(uri())).await.ok();\n    }}\n    if caps.tools.is_some() {{\n        client.list_all_tools().await.ok();\n    }}\n}}\n"
    );
    assert_eq!(fixed("a.rs", &before, "MCP501", Applicability::Safe), after);
}

#[test]
fn mcp501_counts_and_nested_tests_have_no_fix() {
    let text = ts(
        TS_CLIENT,
        "export function count(client: Client) {\n  const capabilities = client.getServerCapabilities()!;\n  const promptKeys = Object.entries(capabilities.prompts ?? {}).length;\n  return promptKeys;\n}\n",
    );
    no_fix("a.ts", &text, "MCP501");
}

// ---------------------------------------------------------------------------------------------
// MCP301 / MCP304: calls of removed requests and notifications (unsafe)

#[test]
fn mcp301_ping_statements_are_removed_with_their_line() {
    let before = ts(
        TS_CLIENT,
        "export async function check(client: Client) {\n  await client.ping();\n  return client.listTools();\n}\n",
    );
    let after = ts(TS_CLIENT, "export async function check(client: Client) {\n  return client.listTools();\n}\n");
    assert_eq!(fixed("a.ts", &before, "MCP301", Applicability::Unsafe), after);

    let head = "use rmcp::service::RunningService;\n";
    let before = format!(
        "{head}async fn check(client: &Client) -> anyhow::Result<()> {{\n    client.ping().await?;\n    Ok(())\n}}\n"
    );
    let after = format!("{head}async fn check(client: &Client) -> anyhow::Result<()> {{\n    Ok(())\n}}\n");
    assert_eq!(fixed("a.rs", &before, "MCP301", Applicability::Unsafe), after);
}

#[test]
fn mcp301_used_pings_and_handlers_have_no_fix() {
    let text = ts(
        TS_CLIENT,
        "export async function alive(client: Client) {\n  const pong = await client.ping();\n  client.ping().catch(() => {});\n  await client.ping(); // keep the connection warm\n  return pong;\n}\n",
    );
    no_fix("a.ts", &text, "MCP301");
    let handler = "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';\nexport function h(server: Server) {\n  server.setRequestHandler(PingRequestSchema, async () => ({}));\n}\n";
    no_fix("a.ts", handler, "MCP301");
}

#[test]
fn mcp304_notification_calls_are_removed() {
    let before = ts(
        TS_CLIENT,
        "export async function onFolderAdded(client: Client) {\n  roots.push('file:///work');\n  await client.sendRootsListChanged();\n}\ndeclare const roots: string[];\n",
    );
    let after = ts(
        TS_CLIENT,
        "export async function onFolderAdded(client: Client) {\n  roots.push('file:///work');\n}\ndeclare const roots: string[];\n",
    );
    assert_eq!(fixed("a.ts", &before, "MCP304", Applicability::Unsafe), after);
}
