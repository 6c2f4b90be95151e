//! Server-sent events, read as the HTML standard defines them (lines ending in CR, LF or CRLF;
//! `data:` fields joined by newlines; an event dispatched at a blank line; comments skipped),
//! incrementally and under a byte cap, so an endless or enormous stream ends the read instead
//! of the probe.

use std::io::{ErrorKind, Read};

/// One dispatched event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The `event:` field, `message` when absent.
    pub kind: String,
    pub data: String,
    /// Whether the event carried an `id:` field (stream resumability, removed in 2026-07-28).
    pub has_id: bool,
}

/// Why a stream gave no (further) event.
#[derive(Debug)]
pub enum End {
    /// The stream ended; a partial event at the end is discarded, as the standard says.
    Closed,
    /// More than the cap was read without a complete event.
    TooLarge(usize),
    /// Reading failed (a timeout shows up here).
    Read(std::io::Error),
}

/// Reads events from a byte stream.
pub struct Reader<R> {
    inner: R,
    buf: Vec<u8>,
    /// Bytes of `buf` already split into lines.
    start: usize,
    /// Bytes of `buf` known to hold no line end (a long line is not searched again per chunk).
    searched: usize,
    read_total: usize,
    cap: usize,
    /// After a CR, a LF that follows belongs to the same line end.
    skip_lf: bool,
    event: Partial,
}

#[derive(Default)]
struct Partial {
    kind: Option<String>,
    data: Option<String>,
    has_id: bool,
}

impl<R: Read> Reader<R> {
    pub fn new(inner: R, cap: usize) -> Reader<R> {
        Reader {
            inner,
            buf: Vec::new(),
            start: 0,
            searched: 0,
            read_total: 0,
            cap,
            skip_lf: false,
            event: Partial::default(),
        }
    }

    /// The next event with data (events without data are not dispatched).
    pub fn next_event(&mut self) -> Result<Event, End> {
        loop {
            while let Some(line) = self.next_line() {
                if let Some(event) = self.field(&line) {
                    return Ok(event);
                }
            }
            if self.read_total >= self.cap {
                return Err(End::TooLarge(self.read_total));
            }
            self.fill()?;
        }
    }

    fn fill(&mut self) -> Result<(), End> {
        // Drop the lines already taken, then read at most up to the cap.
        self.buf.drain(..self.start);
        self.searched = self.searched.saturating_sub(self.start);
        self.start = 0;
        let mut chunk = [0u8; 8192];
        let room = (self.cap - self.read_total).min(chunk.len());
        loop {
            match self.inner.read(&mut chunk[..room]) {
                Ok(0) => return Err(End::Closed),
                Ok(n) => {
                    self.read_total += n;
                    self.buf.extend_from_slice(&chunk[..n]);
                    return Ok(());
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(End::Read(e)),
            }
        }
    }

    /// The next complete line of the buffer, without its line end.
    fn next_line(&mut self) -> Option<String> {
        if self.skip_lf && self.start < self.buf.len() {
            if self.buf[self.start] == b'\n' {
                self.start += 1;
            }
            self.skip_lf = false;
        }
        let from = self.searched.max(self.start);
        let Some(end) = self.buf[from..].iter().position(|&b| b == b'\n' || b == b'\r').map(|i| from + i) else {
            self.searched = self.buf.len();
            return None;
        };
        let line = String::from_utf8_lossy(&self.buf[self.start..end]).into_owned();
        self.skip_lf = self.buf[end] == b'\r';
        self.start = end + 1;
        self.searched = self.start;
        Some(line)
    }

    /// Applies one line to the event being built; a blank line dispatches it.
    fn field(&mut self, line: &str) -> Option<Event> {
        if line.is_empty() {
            let partial = std::mem::take(&mut self.event);
            let data = partial.data?;
            return Some(Event {
                kind: partial.kind.unwrap_or_else(|| "message".into()),
                data,
                has_id: partial.has_id,
            });
        }
        if line.starts_with(':') {
            return None;
        }
        let (name, value) = match line.split_once(':') {
            Some((name, value)) => (name, value.strip_prefix(' ').unwrap_or(value)),
            None => (line, ""),
        };
        match name {
            "data" => match &mut self.event.data {
                Some(data) => {
                    data.push('\n');
                    data.push_str(value);
                }
                None => self.event.data = Some(value.to_string()),
            },
            "event" => self.event.kind = Some(value.to_string()),
            "id" => self.event.has_id = true,
            _ => {}
        }
        None
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn events(bytes: &[u8], cap: usize) -> (Vec<Event>, End) {
        let mut reader = Reader::new(bytes, cap);
        let mut out = Vec::new();
        loop {
            match reader.next_event() {
                Ok(e) => out.push(e),
                Err(end) => return (out, end),
            }
        }
    }

    #[test]
    fn reads_events_with_every_line_ending() {
        let (got, end) = events(
            b": keepalive\r\nevent: message\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\ndata: x\rid: 7\r\rdata: y\n\n",
            1 << 20,
        );
        assert!(matches!(end, End::Closed));
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], Event { kind: "message".into(), data: "{\"a\":\n1}".into(), has_id: false });
        assert_eq!(got[1], Event { kind: "message".into(), data: "x".into(), has_id: true });
        assert_eq!(got[2].data, "y");
    }

    #[test]
    fn an_event_without_data_is_not_dispatched_and_a_partial_one_is_dropped() {
        let (got, end) = events(b"event: ping\n\ndata: half", 1 << 20);
        assert!(got.is_empty());
        assert!(matches!(end, End::Closed));
    }

    #[test]
    fn stops_at_the_cap() {
        let endless = std::io::repeat(b'x');
        let mut reader = Reader::new(endless, 100_000);
        assert!(matches!(reader.next_event(), Err(End::TooLarge(n)) if n == 100_000));
        let comments = std::io::repeat(b':').take(10_000_000);
        let mut reader = Reader::new(comments, 50_000);
        assert!(matches!(reader.next_event(), Err(End::TooLarge(_))));
    }

    #[test]
    fn a_cr_at_a_chunk_boundary_ends_one_line() {
        // The CR ends the first read, the LF starts the second: still one line end.
        struct Two<'a>(Vec<&'a [u8]>);
        impl Read for Two<'_> {
            fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                if self.0.is_empty() {
                    return Ok(0);
                }
                let part = self.0.remove(0);
                out[..part.len()].copy_from_slice(part);
                Ok(part.len())
            }
        }
        let mut reader = Reader::new(Two(vec![b"data: a\r", b"\ndata: b\n\n"]), 1000);
        assert_eq!(reader.next_event().unwrap().data, "a\nb");
    }
}
