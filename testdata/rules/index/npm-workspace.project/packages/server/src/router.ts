import { StreamRegistry, type Outgoing } from './streams.js';

/** Hands each message to its session's stream, and sweeps the idle ones. */
export function route(registry: StreamRegistry, message: Outgoing) {
  // expect: MCP101
  registry.deliver(message);
}

export function sweep(registry: StreamRegistry, ttl: number) {
  // expect: MCP101
  registry.evictStale(ttl);
}

export function announce(registry: StreamRegistry, body: unknown) {
  // ok: MCP101
  registry.broadcast(body);
}

export function gauge(registry: StreamRegistry) {
  // ok: MCP101
  return registry.count();
}
