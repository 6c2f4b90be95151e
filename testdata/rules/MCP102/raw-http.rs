// Fixture: the Mcp-Session-Id header written as a line of an HTTP message built by hand: a mock
// legacy peer in a test, a raw request on a socket.
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

const LEGACY_SESSION_ID: &str = "3f1c9a";

pub async fn answer_initialize(stream: &mut TcpStream, body: &str) -> std::io::Result<()> {
    let headers = format!(
        // expect: MCP102
        "Content-Type: application/json\r\nMcp-Session-Id: {LEGACY_SESSION_ID}\r\n"
    );
    let response = format!("HTTP/1.1 200 OK\r\n{headers}Content-Length: {}\r\n\r\n{body}", body.len());
    stream.write_all(response.as_bytes()).await
}

pub async fn send_raw(stream: &mut TcpStream) -> std::io::Result<()> {
    // expect: MCP102
    let request = "POST /mcp HTTP/1.1\r\nHost: localhost\r\nmcp-session-id: 3f1c9a\r\n\r\n";
    stream.write_all(request.as_bytes()).await
}

pub fn session_of(head: &str) -> Option<&str> {
    head.lines()
        // expect: MCP102
        .find_map(|line| line.strip_prefix("Mcp-Session-Id:"))
        .map(str::trim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_rides_every_request() {
        let captured = String::from("POST /mcp HTTP/1.1\r\n");
        let lower = captured.to_ascii_lowercase();
        // expect: MCP102
        assert!(lower.contains(&format!("mcp-session-id: {LEGACY_SESSION_ID}")));
    }
}
