// Traps: a client test stubs its client's `request` with canned server answers. The stub stands
// in for a server the project does not own; it is no dispatcher to give `server/discover`.
import { describe, expect, it, vi } from 'vitest';
import { connect } from './connection';

describe('discovery', () => {
  it('reports a missing tools list', async () => {
    const connection = await connect();
    // ok: MCP202
    connection.client.request = vi.fn().mockImplementation(({ method }: { method: string }) => {
      if (method === 'tools/list') {
        return Promise.reject(new Error('missing'));
      }
      if (method === 'resources/list') {
        return Promise.resolve({ resources: [] });
      }
      if (method === 'prompts/list') {
        return Promise.resolve({ prompts: [] });
      }
      return Promise.reject(new Error(`Unexpected method: ${method}`));
    });
    // ok: MCP202
    const transport = { send: vi.fn((msg: { method: string }) => {
      switch (msg.method) {
        case 'tools/list':
          return { result: { tools: [] } };
        case 'prompts/list':
          return { result: { prompts: [] } };
      }
      return undefined;
    }) };
    expect(await connection.discover(transport)).toMatchObject({ success: false });
  });
});
