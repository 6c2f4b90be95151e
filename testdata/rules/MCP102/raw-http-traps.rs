// Traps: text that names the header without writing a header line of it, and a test that
// asserts the header is gone.
use rmcp::ServerHandler;

pub fn describe() -> &'static str {
    // ok: MCP102
    "the Mcp-Session-Id: header was removed in 2026-07-28"
}

pub fn vendor_header() -> &'static str {
    // ok: MCP102
    "HTTP/1.1 200 OK\r\nX-Mcp-Session-Id: 1\r\n"
}

pub fn longer_name() -> &'static str {
    // ok: MCP102
    "Mcp-Session-Id-Legacy: 1\r\n"
}

pub fn log(id: &str) {
    // ok: MCP102
    tracing::debug!("Mcp-Session-Id: {id}");
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_session_header_is_sent() {
        let raw = String::from("POST /mcp HTTP/1.1\r\n").to_ascii_lowercase();
        // ok: MCP102
        assert!(!raw.contains("mcp-session-id:"), "2026-07-28 peers send no session header");
    }
}
