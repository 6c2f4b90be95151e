// Traps: list changes at start-up, from watchers and timers, and look-alike calls in handlers.
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { watch } from 'node:fs';
import { z } from 'zod';

export const handler = createMcpHandler(({ authInfo }) => {
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  const admin = server.registerTool('purge_cache', { description: 'Purge the cache', annotations: { idempotentHint: true } }, async () => purge());
  // ok: MCP603
  if (!authInfo?.scopes.includes('admin')) admin.disable();
  // ok: MCP603
  server.registerTool('read_file', { description: 'Read a file', inputSchema: z.object({ path: z.string() }), annotations: { readOnlyHint: true } }, async ({ path }) => read(path));
  return server;
});

// expect: MCP203
const server = new McpServer({ name: 'files', version: '1.0.0' });
const preview = server.registerTool('preview', { description: 'Preview a file', annotations: { readOnlyHint: true } }, async () => ({ content: [] }));

watch('./plugins', () => {
  // ok: MCP603
  preview.update({ enabled: pluginsLoaded() });
  // ok: MCP603
  server.sendToolListChanged();
});

setInterval(() => {
  // ok: MCP603
  preview.disable();
}, 60_000);

server.registerTool(
  'tidy',
  { description: 'Tidy up the workspace', annotations: { idempotentHint: true } },
  async () => {
    const el = document.getElementById('spinner');
    // ok: MCP603
    el?.remove();
    // ok: MCP603
    const cache = new Map<string, string>(); cache.delete('x');
    // ok: MCP603
    logger.enable();
    // ok: MCP603
    await settings.update({ enabled: true });
    return { content: [{ type: 'text', text: 'tidied' }] };
  },
);
