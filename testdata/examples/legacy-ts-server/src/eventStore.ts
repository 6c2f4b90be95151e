import type { IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

interface StoredEvent {
  eventId: EventId;
  streamId: StreamId;
  message: JSONRPCMessage;
  storedAt: number;
}

export interface BoundedEventStoreOptions {
  /** Oldest events are dropped once a stream holds more than this many. */
  maxEventsPerStream: number;
  /** Events older than this are not replayed. */
  maxAgeMs: number;
}

/**
 * Keeps the last few hundred SSE events of every stream in memory so a client
 * whose connection drops can pick up where it left off.
 *
 * Event ids look like `<streamId>.<sequence>` so the stream can be recovered
 * from the id alone.
 */
export class BoundedEventStore implements EventStore {
  private readonly streams = new Map<StreamId, StoredEvent[]>();
  private sequence = 0;

  constructor(private readonly options: BoundedEventStoreOptions) {}

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const eventId = `${streamId}.${(++this.sequence).toString(36)}.${randomBytes(3).toString('hex')}`;
    const events = this.streams.get(streamId) ?? [];
    events.push({ eventId, streamId, message, storedAt: Date.now() });

    if (events.length > this.options.maxEventsPerStream) {
      events.splice(0, events.length - this.options.maxEventsPerStream);
    }
    this.streams.set(streamId, events);
    return eventId;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const dot = eventId.indexOf('.');
    if (dot <= 0) return undefined;
    const streamId = eventId.slice(0, dot);
    return this.streams.has(streamId) ? streamId : undefined;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const streamId = await this.getStreamIdForEventId(lastEventId);
    if (!streamId) {
      throw new Error(`Unknown event id ${lastEventId}`);
    }

    const cutoff = Date.now() - this.options.maxAgeMs;
    const events = this.streams.get(streamId) ?? [];
    const start = events.findIndex((e) => e.eventId === lastEventId);

    for (const event of events.slice(start + 1)) {
      if (event.storedAt < cutoff) continue;
      await send(event.eventId, event.message);
    }
    return streamId;
  }

  /** Drops streams that have seen no events for longer than maxAgeMs. */
  prune(now = Date.now()): void {
    for (const [streamId, events] of this.streams) {
      const newest = events[events.length - 1];
      if (!newest || now - newest.storedAt > this.options.maxAgeMs) {
        this.streams.delete(streamId);
      }
    }
  }
}

/** The SSE resume cursor a reconnecting client sends, if any. */
export function lastEventIdOf(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.trim() !== '' ? value.trim() : undefined;
}
