//! Fake HTTP servers on the loopback interface for the probe's tests: a thread accepts
//! connections and answers each request with what a behaviour function returns, well formed or
//! not. Every answer closes its connection.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::time::Duration;

use serde_json::Value;

/// A request the fake received.
pub struct Request {
    pub method: String,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The JSON-RPC method of a POST.
    pub fn rpc(&self) -> &str {
        self.body["method"].as_str().unwrap_or_default()
    }

    pub fn id(&self) -> Value {
        self.body["id"].clone()
    }
}

/// How the fake answers.
pub enum Reply {
    /// A status, headers and a body.
    Full(u16, Vec<(&'static str, String)>, Vec<u8>),
    /// Never answers (the connection stays open).
    Hang,
    /// Bytes that are not HTTP.
    Garbage,
    /// Closes the connection without a word.
    Close,
    /// `200 text/event-stream`, then keep-alive comments forever.
    EndlessSse,
    /// `200 application/json` announcing 100 MB, then bytes forever.
    Huge,
}

pub fn json(status: u16, body: Value) -> Reply {
    Reply::Full(status, vec![("Content-Type", "application/json".into())], body.to_string().into_bytes())
}

pub fn sse(status: u16, headers: Vec<(&'static str, String)>, events: &[Value]) -> Reply {
    let mut body = String::from(": stream opened\n\n");
    for e in events {
        body.push_str(&format!("event: message\ndata: {e}\n\n"));
    }
    let mut h = vec![("Content-Type", "text/event-stream".to_string())];
    h.extend(headers);
    Reply::Full(status, h, body.into_bytes())
}

pub fn status(status: u16) -> Reply {
    Reply::Full(status, Vec::new(), Vec::new())
}

pub fn result(id: Value, result: Value) -> Value {
    serde_json::json!({ "jsonrpc": "2.0", "id": id, "result": result })
}

pub fn error(id: Value, code: i64, message: &str) -> Value {
    serde_json::json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

/// A fake server; the URL of its endpoint is `url`. It lives as long as the test process.
pub struct Fake {
    pub url: String,
}

pub fn serve(behaviour: fn(&Request) -> Reply) -> Fake {
    let listener = match TcpListener::bind("127.0.0.1:0") {
        Ok(l) => l,
        Err(e) => panic!("cannot listen on the loopback interface: {e}"),
    };
    let port = listener.local_addr().map(|a| a.port()).unwrap_or_default();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || answer(stream, behaviour));
        }
    });
    Fake { url: format!("http://127.0.0.1:{port}/mcp") }
}

/// A URL on which nothing listens.
pub fn refused() -> String {
    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(9);
    format!("http://127.0.0.1:{port}/mcp")
}

fn answer(stream: TcpStream, behaviour: fn(&Request) -> Reply) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let Some(request) = read_request(&stream) else { return };
    let mut stream = stream;
    match behaviour(&request) {
        Reply::Full(status, headers, body) => {
            let mut head = format!(
                "HTTP/1.1 {status} {}\r\nContent-Length: {}\r\nConnection: close\r\n",
                reason(status),
                body.len()
            );
            for (name, value) in headers {
                head.push_str(&format!("{name}: {value}\r\n"));
            }
            head.push_str("\r\n");
            let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body));
            let _ = stream.flush();
            let _ = stream.shutdown(Shutdown::Write);
            // Let the client read before the socket goes.
            let _ = stream.read(&mut [0u8; 1]);
        }
        Reply::Hang => std::thread::sleep(Duration::from_secs(30)),
        Reply::Garbage => {
            let _ = stream.write_all(b"\x00\x01garbage, not HTTP at all\r\n\r\n");
        }
        Reply::Close => {}
        Reply::EndlessSse => {
            let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n");
            while stream.write_all(b": keep-alive\n").is_ok() {}
        }
        Reply::Huge => {
            let _ = stream
                .write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n[");
            let chunk = [b' '; 65536];
            while stream.write_all(&chunk).is_ok() {}
        }
    }
}

fn read_request(stream: &TcpStream) -> Option<Request> {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let method = line.split(' ').next()?.to_string();
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).ok()?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        let (n, v) = l.split_once(':')?;
        headers.push((n.trim().to_string(), v.trim().to_string()));
    }
    let length: usize = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).ok()?;
    Some(Request { method, headers, body: serde_json::from_slice(&body).unwrap_or(Value::Null) })
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        202 => "Accepted",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        405 => "Method Not Allowed",
        500 => "Internal Server Error",
        _ => "Status",
    }
}
