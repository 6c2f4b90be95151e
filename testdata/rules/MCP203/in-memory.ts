// In-process pairs: a client and a server linked by `InMemoryTransport.createLinkedPair()` talk
// only to each other (tests of a server's tools); whichever era they speak, they agree on it.
import { Client } from '@modelcontextprotocol/client';
import { McpServer, InMemoryTransport } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { describe, beforeEach, afterEach } from 'vitest';

describe('broadcast tool', () => {
  let client: Client;
  let server: McpServer;

  beforeEach(async () => {
    // ok: MCP203
    server = new McpServer({ name: 'test', version: '0.0.1' });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    // ok: MCP203
    client = new Client({ name: 'test-client', version: '0.0.1' });
    await Promise.all([client.connect(clientTransport), server.connect(serverTransport)]);
  });

  afterEach(async () => {
    await client.close();
    await server.close();
  });
});

export async function linkedInline() {
  const [a, b] = InMemoryTransport.createLinkedPair();
  // ok: MCP203
  const local = new McpServer({ name: 'local', version: '1' });
  // ok: MCP203
  const peer = new Client({ name: 'peer', version: '1' });
  await local.connect(b);
  await peer.connect(a);
}

// Also connected to a transport that reaches other processes: still legacy for them.
export async function inMemoryAndStdio() {
  // expect: MCP203
  const server = new McpServer({ name: 'both', version: '1' });
  const [, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  await server.connect(new StdioServerTransport());
}

// A transport of another kind that is merely named like one end of a pair.
export async function namedLikeAPair(serverTransport: StdioServerTransport) {
  // expect: MCP203
  const server = new McpServer({ name: 'named', version: '1' });
  await server.connect(serverTransport);
}

// Linked by a helper of the file.
async function link(s: McpServer, c: Client) {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  await s.connect(serverEnd);
  await c.connect(clientEnd);
}

export async function throughAHelper() {
  // ok: MCP203
  const s = new McpServer({ name: 'helper', version: '1' });
  // ok: MCP203
  const c = new Client({ name: 'helper-client', version: '1' });
  await link(s, c);
}
