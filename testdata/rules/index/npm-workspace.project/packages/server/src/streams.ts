import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A message for one session's stream. */
export interface Outgoing {
  sessionId: string;
  body: unknown;
}

/** The open streams of the protocol sessions, by session id. */
export class StreamRegistry {
  // expect: MCP101
  private transports = new Map<string, StreamableHTTPServerTransport>();

  /** Writes a message to the stream of the session it names: the key comes from the message. */
  deliver(message: Outgoing) {
    this.transports.get(message.sessionId)?.send(message.body);
  }

  /** Closes the streams idle for longer than `ttl` milliseconds. */
  evictStale(ttl: number) {
    for (const [id, transport] of this.transports) {
      if (transport.idleFor() > ttl) this.transports.delete(id);
    }
  }

  /** Writes a message to every stream: it works no one session's entry. */
  broadcast(body: unknown) {
    for (const transport of this.transports.values()) transport.send(body);
  }

  /** How many streams are open. */
  count() {
    return this.transports.size;
  }
}
