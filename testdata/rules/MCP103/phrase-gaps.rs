// Resumption plumbing whose names hold a phrase's words with others between them, and no
// token of the phrase as a whole: the prefilter must still offer the file to the rule.
use rmcp::model::JsonRpcMessage;

pub struct Streams {
    counter: u64,
    // expect: MCP103
    max_sse_replay_buffer: usize,
    messages: Vec<JsonRpcMessage>,
}

impl Streams {
    // expect: MCP103
    pub fn next_sse_event_id(&mut self) -> u64 {
        self.counter += 1;
        self.counter
    }

    pub fn push(&mut self, message: JsonRpcMessage) -> u64 {
        self.messages.truncate(self.max_sse_replay_buffer);
        self.messages.push(message);
        // expect: MCP103
        self.next_sse_event_id()
    }

    // The words apart, in names of their own: no name says the phrase.
    pub fn step(&self, next: u64, event: &str, id: u64) -> String {
        // ok: MCP103
        format!("{next}:{event}:{id}")
    }
}

// A buffer bound for the legacy SSE handshake: `handshake` between `sse` and `buffer` makes the
// name about something else.
pub fn read_endpoint(chunk: &str) -> usize {
    // ok: MCP103
    let max_sse_handshake_buffer: usize = 64 * 1024;
    chunk.len().min(max_sse_handshake_buffer)
}
