// Traps: subscriptions that are not the removed resource subscription requests.
import { Client } from '@modelcontextprotocol/client';
import { Observable } from 'rxjs';
import Redis from 'ioredis';

export async function modern(client: Client, uri: string) {
  const caps = client.getServerCapabilities();
  // ok: MCP303
  if (caps?.resources?.subscribe === true) {
    // ok: MCP303
    await client.listen({ resourceSubscriptions: [uri] });
  }
  // ok: MCP303
  const capabilities = { resources: { subscribe: true, listChanged: true } };
  return capabilities;
}

export function others(events: Observable<string>, redis: Redis, onUnsubscribeResource: (uri: string) => void) {
  // ok: MCP303
  events.subscribe((e) => console.log(e));
  // ok: MCP303
  redis.subscribe('invoices');
  // ok: MCP303
  onUnsubscribeResource('file:///a.txt');
  // ok: MCP303
  console.log('resources/subscribe was replaced by subscriptions/listen');
  // ok: MCP303
  return { method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: ['file:///a.txt'] } } };
}

// A server's own registry of which session watches which URI: its first argument is a session.
export function registry(notifications: { subscribeResource(session: string, uri: string): boolean; unsubscribeResource(session: string, uri: string): boolean }) {
  // ok: MCP303
  notifications.subscribeResource('session-1', 'file:///notes.txt');
  // ok: MCP303
  return notifications.unsubscribeResource('session-1', 'file:///notes.txt');
}

export const stub = {
  // ok: MCP303
  subscribeResource: async () => ({}),
};

export function modernPathTest(sent: string[], expect: (v: unknown) => { not: { toContain(x: string): void } }) {
  // ok: MCP303
  expect(sent).not.toContain('resources/subscribe');
}

// A list of what a modern server turns away is the migration itself.
// ok: MCP303
const REJECTED_METHODS = new Set(['resources/subscribe', 'resources/unsubscribe']);
export const refuses = (method: string) => REJECTED_METHODS.has(method);

// A predicate named for the removed methods: its caller turns them away.
export function isRejectedMethod(method: string): boolean {
  // ok: MCP303
  return method === 'resources/subscribe' || method === 'resources/unsubscribe';
}
