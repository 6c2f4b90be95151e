// Code that uses another module's resumption plumbing: each call of an event-id counter or of
// a stream resumer is a place to change, not only the function that keeps it.
use rmcp::model::JsonRpcMessage;

use crate::multiplexer::Multiplexer;

pub struct Proxy {
    multiplexer: Multiplexer,
}

pub struct Outgoing {
    pub event_id: Option<String>,
    pub message: JsonRpcMessage,
}

impl Proxy {
    pub fn forward(&self, message: JsonRpcMessage) -> Outgoing {
        Outgoing {
            // expect: MCP103
            event_id: Some(self.multiplexer.next_event_id()),
            message,
        }
    }

    pub async fn after_drop(&self, last_id: String) {
        if self.multiplexer.is_open() {
            // expect: MCP103
            resume_stream(&self.multiplexer, &last_id).await;
        }
    }

    pub fn replay(&self, seq: u64) -> usize {
        // expect: MCP103
        self.multiplexer.replay_since(seq).len()
    }

    // Names without the phrase: an event's own id, a resume of something else.
    pub fn other(&self, event: &Event) -> String {
        // ok: MCP103
        let id = event.event_id();
        // ok: MCP103
        self.multiplexer.resume();
        // ok: MCP103
        self.multiplexer.stream_resumed();
        id
    }
}
