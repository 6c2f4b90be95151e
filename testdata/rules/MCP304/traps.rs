// Traps: roots and list_changed in Rust that are still valid or not about roots.
use rmcp::model::{ClientCapabilities, RootsCapabilities, ServerCapabilities, ToolsCapability};

pub fn roots_without_changes() -> ClientCapabilities {
    // ok: MCP304
    ClientCapabilities::builder().enable_roots().build()
}

pub fn tools() -> ServerCapabilities {
    // ok: MCP304
    ServerCapabilities::builder().enable_tools().enable_tool_list_changed().build()
}

pub fn tools_by_hand() -> ToolsCapability {
    // ok: MCP304
    ToolsCapability { list_changed: Some(true) }
}

pub fn roots_off() -> RootsCapabilities {
    // ok: MCP304
    RootsCapabilities { list_changed: Some(false) }
}

// A host that forwards the notification to its plugins handles it: the hook goes with it.
pub trait Plugin {
    // expect: MCP304
    fn on_roots_list_changed(&self);
}

pub struct Wasm;

impl Plugin for Wasm {
    // expect: MCP304
    fn on_roots_list_changed(&self) {
        // ok: MCP304
        let export = "on_roots_list_changed";
        let _ = export;
    }
}

// The same hook name outside MCP code (no SDK, no MCP package) is some other protocol's.
pub mod lsp {
    pub trait Workspace {
        // A host's method that only reads a list of roots it was given.
        // ok: MCP304
        fn roots_changed_count(&self) -> usize;
    }
}
