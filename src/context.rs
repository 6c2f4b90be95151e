//! What a file is about, computed once per file: does it speak MCP, and does it implement
//! the modern (2026-07-28) path?
//!
//! Rules whose signal is ambiguous on its own (a map keyed by a session id, a `GET` route, a
//! tool whose name says "send") fire only in files with MCP context. Unambiguous literals
//! (`"logging/setLevel"`, `Mcp-Session-Id`) fire anywhere.

use crate::tree::{Kind, NodeRef, Role, Tree};

/// Every JSON-RPC method of MCP 2025-11-25 and 2026-07-28 (both eras), sorted.
pub const MCP_METHODS: &[&str] = &[
    "completion/complete",
    "elicitation/create",
    "initialize",
    "logging/setLevel",
    "notifications/cancelled",
    "notifications/elicitation/complete",
    "notifications/initialized",
    "notifications/message",
    "notifications/progress",
    "notifications/prompts/list_changed",
    "notifications/resources/list_changed",
    "notifications/resources/updated",
    "notifications/roots/list_changed",
    "notifications/subscriptions/acknowledged",
    "notifications/tasks",
    "notifications/tasks/status",
    "notifications/tools/list_changed",
    "ping",
    "prompts/get",
    "prompts/list",
    "resources/list",
    "resources/read",
    "resources/subscribe",
    "resources/templates/list",
    "resources/unsubscribe",
    "roots/list",
    "sampling/createMessage",
    "server/discover",
    "subscriptions/listen",
    "tasks/cancel",
    "tasks/get",
    "tasks/list",
    "tasks/result",
    "tasks/update",
    "tools/call",
    "tools/list",
];

/// Whether `name` is an MCP method.
pub fn is_mcp_method(name: &str) -> bool {
    MCP_METHODS.binary_search(&name).is_ok()
}

/// Module specifiers and crate names of MCP SDKs.
const SDK_MODULE_PREFIXES: &[&str] = &[
    "@modelcontextprotocol/",
    "fastmcp",
    "mcp-proxy",
    "rmcp",
    "rust_mcp_sdk",
    "rust_mcp_schema",
    "rust_mcp_transport",
    "tower_mcp",
    "pmcp",
    "mcp_server",
    "mcp_client",
    "mcp_core",
    "mcp_spec",
];

/// Python packages of MCP SDKs: `mcp` (the official SDK) and `fastmcp`, with their modules
/// (`mcp.server.fastmcp`, `fastmcp.server.context`).
const PYTHON_SDK_PACKAGES: &[&str] = &["mcp", "fastmcp"];

/// Python class names that only MCP code uses (the Python SDK's `ClientSession` is left out:
/// aiohttp has one too).
const PYTHON_MCP_TYPES: &[&str] =
    &["FastMCP", "MCPServer", "StreamableHTTPSessionManager", "SseServerTransport", "ServerSession"];

/// Type and class names that only MCP code uses.
const MCP_TYPES: &[&str] = &[
    // Protocol message types, named the same in SDKs and in hand-rolled ones (plugin kits).
    "CallToolRequest",
    "CallToolResult",
    "ListToolsResult",
    "ClientHandler",
    "McpError",
    "McpServer",
    "NodeStreamableHTTPServerTransport",
    "SSEClientTransport",
    "SSEServerTransport",
    "ServerHandler",
    "StdioClientTransport",
    "StdioServerTransport",
    "StreamableHTTPClientTransport",
    "StreamableHTTPServerTransport",
    "StreamableHttpServerConfig",
    "StreamableHttpService",
    "WebStandardStreamableHTTPServerTransport",
];

/// Names that show the modern era is implemented or opted into.
const MODERN_MARKERS: &[&str] = &[
    "ClientLifecycleMode",
    "DiscoverResult",
    "createMcpHandler",
    "handle_discover_request",
    "isLegacyRequest",
    "serveStdio",
    "serve_with_lifecycle",
    "versionNegotiation",
];

/// Python modules whose import shows the modern era: the SDK 2.x server (`MCPServer`).
const PYTHON_MODERN_MODULES: &[&str] = &["mcp.server.mcpserver"];

/// Substrings (ASCII case-insensitive) one of which every file with a modern-path marker
/// contains: the prefilter keeps such files under `--target dual`.
pub const MODERN_TOKENS: &[&str] = &[
    "mcp.server.mcpserver",
    "discover",
    "clientlifecyclemode",
    "createmcphandler",
    "islegacyrequest",
    "servestdio",
    "serve_with_lifecycle",
    "versionnegotiation",
];

/// Substrings (ASCII case-insensitive) one of which every file with MCP context contains: each
/// signal [`FileContext::of`] accepts is one of these strings, so a file without any of them
/// cannot have MCP context. The prefilter relies on this for rules that need the context.
pub fn context_tokens() -> Vec<String> {
    let mut tokens: Vec<String> = SDK_MODULE_PREFIXES
        .iter()
        .chain(MCP_TYPES)
        .chain(MCP_METHODS.iter().filter(|m| m.contains('/')))
        .chain(PYTHON_MCP_TYPES)
        .chain(
            ["mcp-session-id", "ServerHandler", "server/discover", "protocolVersion", "import mcp", "from mcp"].iter(),
        )
        .map(|t| t.to_ascii_lowercase())
        .collect();
    tokens.sort();
    tokens.dedup();
    tokens
}

/// Whether `name`, at `node`, shows the modern path: one of the markers, neither standing in a
/// test double (`vi.mock('mcp-handler', () => ({ createMcpHandler: vi.fn() }))`) nor imported
/// from another package.
fn is_modern_marker(tree: &Tree, node: NodeRef<'_>, name: &str) -> bool {
    MODERN_MARKERS.contains(&name) && !crate::patterns::in_test_double(node) && !imported_from_elsewhere(tree, name)
}

/// Whether a marker's name is imported from a package other than an MCP SDK: Vercel's
/// `mcp-handler` 1.x also exports a `createMcpHandler`, which serves the 2025 protocol. A name
/// imported from an SDK or from the project's own modules (a wrapper of the SDK's) counts.
fn imported_from_elsewhere(tree: &Tree, name: &str) -> bool {
    crate::patterns::import_of(tree.root(), name).is_some_and(|import| {
        let module = import.text();
        !crate::patterns::is_own_module(module) && !is_sdk_module(module)
    })
}

/// `{ method: 'initialize', params: { protocolVersion, … } }`: the MCP handshake, which LSP's
/// `initialize` (no `protocolVersion`) is not, nor the Agent Client Protocol's, whose version is
/// a number (`protocolVersion: 1`, `'1'`) where MCP's is a revision date.
fn is_mcp_initialize(method: NodeRef<'_>) -> bool {
    let version = method.parent().and_then(|o| o.field("params")).and_then(|p| p.field("protocolVersion"));
    method.value().and_then(|v| v.str_value()) == Some("initialize")
        && version.is_some_and(|v| v.kind() != Kind::Num && v.str_value().is_none_or(is_revision_date))
}

/// `2025-06-18`: the form of every MCP revision.
fn is_revision_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10 && b.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() })
}

/// Facts about one file that rules share.
#[derive(Clone, Debug, Default)]
pub struct FileContext {
    /// The file imports an MCP SDK, names MCP methods, or uses MCP transport types.
    pub mcp: bool,
    /// The file implements the modern path: handles `server/discover` or opts into the
    /// 2026-07-28 era through its SDK.
    pub modern_path: bool,
}

impl FileContext {
    pub fn of(tree: &Tree) -> Self {
        let mut cx = FileContext::default();
        let python = tree.lang() == crate::tree::Lang::Python;
        // What is already known is not looked for again, and the walk ends once both are.
        for node in tree.nodes() {
            match node.kind() {
                Kind::Import if !cx.mcp && is_sdk_module(node.text()) => cx.mcp = true,
                Kind::Import if python && is_python_sdk_module(node.text()) => {
                    cx.mcp = true;
                    let module = node.text();
                    if PYTHON_MODERN_MODULES
                        .iter()
                        .any(|m| module.strip_prefix(m).is_some_and(|r| r.is_empty() || r.starts_with('.')))
                    {
                        cx.modern_path = true;
                    }
                }
                Kind::Str => {
                    let v = node.text();
                    if v == "server/discover" {
                        cx.modern_path = true;
                    }
                    if !cx.mcp
                        && ((v.contains('/') && is_mcp_method(v))
                            || is_require_of_sdk(node)
                            || v.eq_ignore_ascii_case("mcp-session-id"))
                    {
                        cx.mcp = true;
                    }
                }
                Kind::Ident | Kind::Type | Kind::Member => {
                    let name = node.text();
                    if !cx.mcp
                        && (MCP_TYPES.contains(&name)
                            || (python && PYTHON_MCP_TYPES.contains(&name))
                            || (node.kind() == Kind::Ident && is_sdk_crate_root(node)))
                    {
                        cx.mcp = true;
                    }
                    if !cx.modern_path && is_modern_marker(tree, node, name) {
                        cx.modern_path = true;
                    }
                }
                Kind::Pair => {
                    let key = node.text();
                    if !cx.modern_path && is_modern_marker(tree, node, key) {
                        cx.modern_path = true;
                    }
                    // A handler table keyed by method names: `{ 'tools/list': listTools }`.
                    if !cx.mcp
                        && node.has_flag(crate::tree::flags::STRING_KEY)
                        && key.contains('/')
                        && is_mcp_method(key)
                    {
                        cx.mcp = true;
                    }
                    if !cx.mcp && key == "method" && is_mcp_initialize(node) {
                        cx.mcp = true;
                    }
                }
                Kind::Fn
                    if !cx.modern_path
                        && node.text() == "discover"
                        && node
                            .parent()
                            .is_some_and(|c| crate::patterns::implements_any(c, &["ServerHandler".to_string()])) =>
                {
                    cx.modern_path = true;
                    cx.mcp = true;
                }
                _ => {}
            }
            if cx.mcp && cx.modern_path {
                break;
            }
        }
        cx
    }
}

/// A module of an MCP SDK (`@modelcontextprotocol/sdk/server/sse.js`, `rmcp::transport`).
pub fn is_sdk_module(spec: &str) -> bool {
    SDK_MODULE_PREFIXES.iter().any(|p| {
        spec.strip_prefix(p)
            .is_some_and(|rest| p.ends_with('/') || rest.is_empty() || rest.starts_with("::") || rest.starts_with('/'))
    })
}

/// A Python module of an MCP SDK: `mcp`, `mcp.types`, `fastmcp.server`.
pub fn is_python_sdk_module(module: &str) -> bool {
    PYTHON_SDK_PACKAGES
        .iter()
        .any(|p| module.strip_prefix(p).is_some_and(|rest| rest.is_empty() || rest.starts_with('.')))
}

/// `require('@modelcontextprotocol/sdk/…')` or `import('…')`.
fn is_require_of_sdk(node: NodeRef<'_>) -> bool {
    node.role() == Role::Arg
        && is_sdk_module(node.text())
        && node.parent().and_then(|c| c.call_name()).is_some_and(|n| n == "require" || n == "import")
}

/// `rmcp::model::X` written inline: the root of a static path is an SDK crate.
fn is_sdk_crate_root(node: NodeRef<'_>) -> bool {
    node.role() == Role::Object
        && node.parent().is_some_and(|p| p.kind() == Kind::Member && p.has_flag(crate::tree::flags::STATIC_PATH))
        && is_sdk_module(node.text())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_list_is_sorted_for_binary_search() {
        let mut sorted = MCP_METHODS.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, MCP_METHODS);
        assert!(is_mcp_method("tools/list"));
        assert!(!is_mcp_method("tools/lists"));
    }

    #[test]
    fn protocol_types_give_mcp_context() {
        let src = "use pdk::types::{CallToolRequest, CallToolResult};\nfn call(input: CallToolRequest) -> CallToolResult { todo!() }\n";
        let t = match crate::lang::rust::lower(&crate::source::SourceFile::new(src.to_string())) {
            Ok(t) => t,
            Err(e) => panic!("{e:?}"),
        };
        assert!(FileContext::of(&t).mcp);
    }

    #[test]
    fn every_modern_marker_has_a_prefilter_token() {
        for m in MODERN_MARKERS.iter().chain(PYTHON_MODERN_MODULES).chain(["server/discover", "discover"].iter()) {
            let m = m.to_ascii_lowercase();
            assert!(MODERN_TOKENS.iter().any(|t| m.contains(t)), "{m}");
        }
    }

    /// Every signal of MCP context is covered by a context token (see `context_tokens`).
    #[test]
    fn every_context_signal_has_a_token() {
        let tokens = context_tokens();
        let covered = |s: &str| tokens.iter().any(|t| s.to_ascii_lowercase().contains(t.as_str()));
        for s in SDK_MODULE_PREFIXES
            .iter()
            .chain(MCP_TYPES)
            .chain(PYTHON_MCP_TYPES)
            .chain(["mcp-session-id", "ServerHandler", "from mcp.types import X", "import mcp"].iter())
        {
            assert!(covered(s), "{s}");
        }
        for m in MCP_METHODS.iter().filter(|m| m.contains('/')) {
            assert!(covered(m), "{m}");
        }
        // And a file whose only MCP-looking word is not a signal has no context.
        let plain = "const update = () => cursor.task.remove();";
        assert!(!covered(plain));
    }

    #[test]
    fn sdk_modules() {
        assert!(is_sdk_module("@modelcontextprotocol/sdk/server/mcp.js"));
        assert!(is_sdk_module("rmcp::model::Tool"));
        assert!(is_sdk_module("rmcp"));
        assert!(!is_sdk_module("rmcpx"));
        assert!(!is_sdk_module("pmcpfoo"));
        assert!(is_python_sdk_module("mcp"));
        assert!(is_python_sdk_module("mcp.server.fastmcp"));
        assert!(is_python_sdk_module("fastmcp.server"));
        assert!(!is_python_sdk_module("mcpx"));
        assert!(!is_python_sdk_module(".mcp"));
    }
}
