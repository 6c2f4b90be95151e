// Traps: v2 code that opts in, v1 code (the manifest covers it), other classes named Client.
import { Client } from '@modelcontextprotocol/client';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { createMcpHandler as createSdkHandler } from '@modelcontextprotocol/server';
import { createMcpHandler as createAgentsHandler } from 'agents/mcp';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client as PgClient } from 'pg';

// ok: MCP203
export const auto = new Client({ name: 'a', version: '1' }, { versionNegotiation: { mode: 'auto' } });
// ok: MCP203
export const pinned = new Client({ name: 'a', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
// ok: MCP203
export const v1 = new V1Client({ name: 'legacy', version: '1' });
// ok: MCP203
export const db = new PgClient({ connectionString: 'postgres://localhost/app' });

export function configuredLater() {
  // ok: MCP203
  const later = new Client({ name: 'b', version: '1' });
  later.setVersionNegotiation({ mode: 'auto' });
  return later;
}

export function spread(extra: object) {
  // ok: MCP203
  return new Client({ name: 'c', version: '1' }, { ...extra });
}

function buildServer() {
  // ok: MCP203
  return new McpServer({ name: 'served', version: '2.0.0' });
}

export const handler = createMcpHandler(buildServer);
// ok: MCP203
void serveStdio(() => new McpServer({ name: 'stdio', version: '2.0.0' }));

// The serving entry under an alias of its import, with the factory inline or named.
export const aliased = createSdkHandler(async () => {
  // ok: MCP203
  const server = new McpServer({ name: 'aliased', version: '2.0.0' });
  return server;
});

function buildAliased() {
  // ok: MCP203
  return new McpServer({ name: 'aliased-factory', version: '2.0.0' });
}

export const aliasedFactory = createSdkHandler(buildAliased);

// A server built once at module level and returned by the factory.
// ok: MCP203
const moduleLevel = new McpServer({ name: 'module-level', version: '2.0.0' });
export const moduleHandler = createMcpHandler(() => moduleLevel);
// ok: MCP203
const returned = new McpServer({ name: 'returned', version: '2.0.0' });
export const returnHandler = createMcpHandler(function () {
  return returned;
});

// A framework's wrapper of the entry, imported under another name.
// ok: MCP203
export const wrapped = createAgentsHandler(() => new McpServer({ name: 'wrapped', version: '2.0.0' }));

// Opted in by a helper of the file that receives it.
async function optIn(c: Client) {
  c.setVersionNegotiation({ mode: 'auto' });
}

export async function helped() {
  // ok: MCP203
  const client = new Client({ name: 'helped', version: '1' });
  await optIn(client);
  return client;
}
