// Fixture: a client announcing roots changes (v1 and v2 spellings, raw JSON-RPC).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

export const client = new Client(
  { name: 'editor', version: '3.1.0' },
  // expect: MCP304
  { capabilities: { roots: { listChanged: true } } },
);

export async function folderOpened() {
  // expect: MCP304
  await client.sendRootsListChanged();
}

export function rawNotice() {
  // expect: MCP304
  return { jsonrpc: '2.0', method: 'notifications/roots/list_changed' };
}

export const declared = {
  capabilities: {
    roots: {
      // expect: MCP304
      listChanged: process.env.ROOTS_WATCH === '1',
    },
  },
};

export function announceRoots(capabilities: { roots?: { listChanged?: boolean } }) {
  // An object assigned to the capability is its declaration.
  // expect: MCP304
  capabilities.roots = { listChanged: true };
}
