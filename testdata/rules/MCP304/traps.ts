// Traps: roots that are still valid, other list_changed notifications, unrelated words.
import { Client } from '@modelcontextprotocol/client';

export const client = new Client(
  { name: 'editor', version: '4.0.0' },
  // ok: MCP304
  { capabilities: { roots: {} }, versionNegotiation: { mode: 'auto' } },
);

// ok: MCP304
client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));

// ok: MCP304
export const serverCaps = { tools: { listChanged: true }, prompts: { listChanged: true } };

// ok: MCP304
export const filter = { toolsListChanged: true, resourcesListChanged: true };

// ok: MCP304
export const tree = { roots: { listChanged: false } };

// ok: MCP304
console.log('notifications/roots/list_changed is gone; pass paths as tool arguments');

export function onFolders(rootsChanged: () => void) {
  // ok: MCP304
  rootsChanged();
}

export function quietWithoutRoots(sent: string[], expect: (v: unknown) => { not: { toContain(x: string): void } }) {
  // ok: MCP304
  expect(sent).not.toContain('notifications/roots/list_changed');
}

export function withoutChanges(capabilities: { roots?: { listChanged?: boolean } }) {
  // Roots without change notifications stay valid.
  // ok: MCP304
  capabilities.roots = { listChanged: false };
  // ok: MCP304
  capabilities.roots = {};
}
