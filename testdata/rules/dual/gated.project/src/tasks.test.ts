// In a dual-era project a test that uses a removed feature tests the legacy support the project
// keeps: a note under --target dual. A modern double that forgets `resultType` stays a warning.
import { Client } from '@modelcontextprotocol/client';
import { expect, it } from 'vitest';

declare const client: Client;

it('lists tasks on a 2025 server', async () => {
  // expect: MCP306
  // expect-dual: MCP306=note
  const r = await client.request({ method: 'tasks/list', params: {} });
  expect(r).toBeDefined();
});

it('reads a modern server', async () => {
  const answer = (m: string) =>
    m === 'server/discover'
      ? { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' } }
      // expect: MCP403
      : { jsonrpc: '2.0', id: 2, result: { content: [] } };
  expect(answer('tools/call')).toBeDefined();
});
