// A hand-written gateway that uses its own resumption plumbing from another module: each call
// is a place to change.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Multiplexer, resumeStream } from './multiplexer.js';

export class Proxy {
  constructor(private readonly multiplexer: Multiplexer) {}

  forward(message: JSONRPCMessage) {
    return {
      // expect: MCP103
      eventId: this.multiplexer.nextEventId(),
      message,
    };
  }

  async afterDrop(lastId: string) {
    // expect: MCP103
    await resumeStream(this.multiplexer, lastId);
  }

  replay(seq: number) {
    // expect: MCP103
    return this.multiplexer.replaySince(seq).length;
  }

  other(event: { eventId(): string }) {
    // An event's own id, and resumes of something else.
    // ok: MCP103
    const id = event.eventId();
    // ok: MCP103
    this.multiplexer.resume();
    // ok: MCP103
    this.multiplexer.streamResumed();
    return id;
  }
}
