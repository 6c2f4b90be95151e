// Traps: an EventSource implementation and an event-sourced store, with no MCP in them.
export class EventSourcePolyfill {
  private lastEventId = '';

  reconnect(url: string) {
    const headers = new Headers();
    if (this.lastEventId) {
      // ok: MCP103
      headers.set('Last-Event-ID', this.lastEventId);
    }
    return fetch(url, { headers });
  }
}

export interface EventStore {
  append(stream: string, events: unknown[]): Promise<void>;
}

// ok: MCP103
export class PostgresEventStore implements EventStore {
  async append(stream: string, events: unknown[]) {
    void stream;
    void events;
  }
}

export function openOrders(store: EventStore) {
  // ok: MCP103
  return { eventStore: store, resumptionToken: undefined };
}

// Another protocol's replay of the same name (a hub that pages its own events): not MCP.
export function replay(store: { replayEventsAfter(id: string, o?: object): void }, id: string) {
  // ok: MCP103
  store.replayEventsAfter(id);
  // ok: MCP103
  store.replayEventsAfter(id, { limit: 100 });
}

// The SDK's replay, by its `send` callback, wherever it stands.
export function replayToStream(store: { replayEventsAfter(id: string, o: object): void }, id: string) {
  // expect: MCP103
  store.replayEventsAfter(id, { send: async () => {} });
}
