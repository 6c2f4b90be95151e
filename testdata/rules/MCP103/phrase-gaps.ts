// Resumption plumbing whose names hold a phrase's words with others between them, and no
// token of the phrase as a whole: the prefilter must still offer the file to the rule.
import type { McpServer } from '@modelcontextprotocol/server';

export class Streams {
  private counter = 0;
  // expect: MCP103
  private maxSseReplayBuffer = 100;

  constructor(readonly server: McpServer) {}

  // expect: MCP103
  nextSseEventId(): number {
    this.counter += 1;
    return this.counter % this.maxSseReplayBuffer;
  }

  // The words apart, in names of their own: no name says the phrase.
  // ok: MCP103
  step(next: number, event: string, id: number): string {
    return `${next}:${event}:${id}`;
  }
}

// A bound for the legacy SSE handshake: `handshake` between `sse` and `buffer`.
// ok: MCP103
export const maxSseHandshakeBuffer = 64 * 1024;
