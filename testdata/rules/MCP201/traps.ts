// Traps: the word "initialize" and handshake-shaped names that are not the removed handshake.
import { Client } from '@modelcontextprotocol/client';
import type { InitializeResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

// The initialize handshake is gone in 2026-07-28 (a comment, not code).
export async function start(db: { initialize(): Promise<void> }) {
  const client = new Client({ name: 'c', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  // ok: MCP201
  await client.connect(new StdioClientTransport({ command: 'server' }));
  // ok: MCP201
  await db.initialize();
  // ok: MCP201
  const caps = client.getServerCapabilities();
  // ok: MCP201
  const phase = 'initialize';
  // ok: MCP201
  const topic = 'notifications/initialized-events';
  return { caps, phase, topic };
}

// ok: MCP201
let lastResult: InitializeResult | undefined;

export function wizard(action: string) {
  switch (action) {
    // ok: MCP201
    case 'initialize':
      return 'setting up';
    default:
      return lastResult;
  }
}

export class Store {
  capabilities: Record<string, unknown> = {};
  initialized = false;

  // ok: MCP201
  initialize(config: { capabilities: Record<string, unknown> }) {
    // ok: MCP201
    this.capabilities = config.capabilities;
    this.initialized = true;
  }
}

export function caps(inspectorClient: { getClientCapabilities(): object }) {
  // ok: MCP201
  return inspectorClient.getClientCapabilities();
}

export function probe() {
  // ok: MCP201
  return { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: {} } };
}

export class Hooks {
  // ok: MCP201
  oninitialized?: () => void;
}

export function chain(server: { server: { oninitialized?: () => void } }) {
  // ok: MCP201
  const previous = server.server.oninitialized;
  return previous;
}

// An MCP Apps host wires its view bridge: the `ui/initialize` handshake over postMessage is the
// Apps extension's own, not the protocol's.
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';

export function host(client: never, info: never) {
  const bridge = new AppBridge(client, info, {});
  // ok: MCP201
  bridge.oninitialized = () => console.log('view ready');
  return bridge;
}

// The same bridge, held in a variable declared by its type and built later.
export function lateHost(client: never, info: never) {
  let bridge: AppBridge | undefined;
  bridge = new AppBridge(client, info, {});
  // ok: MCP201
  bridge.oninitialized = () => console.log('view ready');
  return bridge;
}

// A spy in a test double records what the client sent, for the test to check: it keeps
// nothing for a connection.
import { vi } from 'vitest';
export function spyOnHandshake(transport: { send: (m: unknown) => Promise<void> }) {
  let captured: unknown;
  transport.send = vi.fn(async (message: { method: string; params?: { clientInfo: unknown } }) => {
    // The test still relies on the client sending the handshake.
    // expect: MCP201
    // expect-dual: MCP201=note
    if (message.method === 'initialize' && message.params) {
      // ok: MCP201
      captured = message.params.clientInfo;
    }
  });
  return () => captured;
}

// A cache and a database have their own `initialize()`; a receiver must be an MCP peer.
export async function warm(cache: { initialize(): Promise<void> }, storage: { initialize(): Promise<void> }) {
  // ok: MCP201
  await cache.initialize();
  // ok: MCP201
  await storage.initialize();
  // A request-shaped call whose name is an ordinary word.
  // ok: MCP201
  return fetchJson('initialize', { step: 1 });
}
