// Tests that send a removed method or a legacy version only to show it is refused state the
// migrated behaviour, whichever rule matches what they send.
import { Client } from '@modelcontextprotocol/client';
import { expect, it } from 'vitest';

declare const client: Client;
declare function post(body: unknown, version?: string): Promise<{ status: number; body: any }>;

it('refuses the removed task methods', async () => {
  // ok: MCP306
  for (const gone of ['tasks/list', 'tasks/result']) {
    const res = await post({ jsonrpc: '2.0', id: 1, method: gone });
    expect(res.body.error.code).toBe(-32601);
  }
  // ok: MCP301, MCP302
  ['ping', 'logging/setLevel'].forEach(async (method) => {
    const res = await post({ jsonrpc: '2.0', id: 2, method });
    expect(res.status).toBe(404);
  });
});

it('lists the tasks', async () => {
  // Without an assertion of refusal, the loop sends them for real.
  // expect: MCP306
  for (const method of ['tasks/list']) {
    const res = await post({ jsonrpc: '2.0', id: 3, method });
    expect(res.body.result.tasks).toEqual([]);
  }
});

it('refuses a legacy version', async () => {
  // ok: MCP204
  const res = await post({ jsonrpc: '2.0', id: 4, method: 'tools/list' }, '2025-06-18');
  expect(res.body.error.code).toBe(-32022);
});

it('rejects the removed methods', async () => {
  // ok: MCP306
  await expect(client.request({ method: 'tasks/list', params: {} })).rejects.toThrow('Method not found');
  // ok: MCP306
  await expect(client.request({ method: 'tasks/result', params: {} })).rejects.toMatchObject({ code: -32601 });
});

it('lists tasks', async () => {
  // The same call without an expectation of refusal sends it.
  // expect: MCP306
  await client.request({ method: 'tasks/list', params: {} });
});

it('checks the task capability', async () => {
  // A failure for another reason, or none given, tests the feature itself.
  // expect: MCP306
  await expect(client.request({ method: 'tasks/list', params: {} })).rejects.toThrow('Server does not support tasks');
  // expect: MCP306
  await expect(client.request({ method: 'tasks/list', params: {} })).rejects.toThrow();
  // Expected to succeed, whatever the matcher is called.
  // expect: MCP306
  await expect(client.request({ method: 'tasks/result', params: {} })).resolves.not.toThrow();
});

it('never sends tasks/list', async () => {
  const sent: unknown[] = [];
  // ok: MCP306
  expect(sent).not.toContainEqual(expect.objectContaining({ method: 'tasks/list' }));
});

it('answers ping and refuses an unknown method', async () => {
  // The refusal asserted is of another request: the ping is sent and answered.
  // expect: MCP301
  const ping = await post({ jsonrpc: '2.0', id: 5, method: 'ping' });
  expect(ping.body.result).toEqual({});
  const unknown = await post({ jsonrpc: '2.0', id: 6, method: 'no/such/method' });
  expect(unknown.body.error.code).toBe(-32601);
});

it('refuses a legacy header version', async () => {
  // ok: MCP204
  const headers = { 'mcp-protocol-version': '2025-06-18' };
  const res = await post({ jsonrpc: '2.0', id: 7, method: 'tools/list' }, headers['mcp-protocol-version']);
  const body = res.body;
  expect(body.error.code).toBe(-32022);
});
