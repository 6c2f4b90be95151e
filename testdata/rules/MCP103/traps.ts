// Traps: names that only look like resumability.
// Streams used Last-Event-ID before 2026-07-28 (a comment).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

export class AuditLog {
  // ok: MCP103
  private eventStore: string[] = [];
  // ok: MCP103
  storeEvent(e: string) {
    this.eventStore.push(e);
  }
}

export function options() {
  return {
    // ok: MCP103
    eventStore: undefined,
    // ok: MCP103
    lastEventIdSeen: 'Last-Event-ID was removed',
  };
}

// ok: MCP103
const header = 'X-Last-Event-ID';
// ok: MCP103
const eventStoreEnabled = false;
// ok: MCP103
const message = 'Last-Event-ID: resumable streams were removed';

// No token: the request starts afresh, which is what 2026-07-28 wants.
export async function fresh(client: Client) {
  // ok: MCP103
  return client.request({ method: 'tools/list' }, undefined as never, { resumptionToken: undefined, onresumptiontoken: undefined });
}

// ok: MCP103
export const ALLOWED = 'Content-Type, Last-Event-Idempotency';
