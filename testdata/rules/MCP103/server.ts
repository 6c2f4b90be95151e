// Fixture: stream resumability on the server (TypeScript, SDK v1 and v2).
import { randomUUID } from 'node:crypto';
import type { EventStore, StreamId, EventId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';

// expect: MCP103
export class RedisEventStore implements EventStore {
  async storeEvent(streamId: StreamId, message: unknown): Promise<EventId> {
    return `${streamId}_${Date.now()}`;
  }
  async replayEventsAfter(lastEventId: EventId, { send }: { send: (id: EventId, m: unknown) => Promise<void> }) {
    return lastEventId.split('_')[0];
  }
}

export function transport() {
  return new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    // expect: MCP103
    eventStore: new InMemoryEventStore(),
  });
}

export function resume(req: { headers: Record<string, string | undefined> }, store: RedisEventStore) {
  // expect: MCP103
  const last = req.headers['last-event-id'];
  // expect: MCP103
  return store.replayEventsAfter(last ?? '', { send: async () => {} });
}

export const corsHeaders = {
  // expect: MCP103
  'Access-Control-Allow-Headers': 'Last-Event-ID',
};

// v2 spelling: NodeStreamableHTTPServerTransport keeps the option.
export function v2(store: EventStore) {
  // expect: MCP103
  return { eventStore: store, enableJsonResponse: false };
}
