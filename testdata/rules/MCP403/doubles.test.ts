// Test doubles: a fake server answers as the era it plays. A 2025 server's answers are what
// clients must accept, so only a double that plays a 2026-07-28 server owes `resultType` and
// cache hints (MCP403, MCP404) and codes outside the reserved range (MCP402).
import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';

describe('client against doubles', () => {
  it('reads a 2025 server', async () => {
    const fetchMock = vi.fn(async (body: { id: number; method: string }) => {
      if (body.method === 'tools/list') {
        // ok: MCP403, MCP404
        return { jsonrpc: '2.0', id: body.id, result: { tools: [] } };
      }
      // ok: MCP402
      return { jsonrpc: '2.0', id: body.id, error: { code: -32050, message: 'quota' } };
    });
    await new Client({ name: 'c', version: '1' }, { versionNegotiation: { mode: 'auto' } }).connect(fetchMock as never);
  });

  it('reads a 2026-07-28 server', async () => {
    const fetchMock = vi.fn(async (body: { id: number; method: string }) => {
      if (body.method === 'server/discover') {
        return { jsonrpc: '2.0', id: body.id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' } };
      }
      if (body.method === 'tools/list') {
        // The same double forgets the fields a modern server must send.
        // expect: MCP403, MCP404
        return { jsonrpc: '2.0', id: body.id, result: { tools: [] } };
      }
      // expect: MCP402
      return { jsonrpc: '2.0', id: body.id, error: { code: -32050, message: 'quota' } };
    });
    await new Client({ name: 'c', version: '1' }, { versionNegotiation: { mode: 'auto' } }).connect(fetchMock as never);
  });

  it('never follows the redirect', async () => {
    // A double the test asserts is never reached answers nothing, whatever it would say.
    const redirectTarget = vi.fn(async () => ({
      // ok: MCP403, MCP404
      jsonrpc: '2.0', id: 1, result: { resultType: undefined, tools: [] },
    }));
    const modern = { method: 'server/discover' };
    expect(redirectTarget).not.toHaveBeenCalled();
    expect(modern.method).toBe('server/discover');
  });

  it('expects a request, not a result', async () => {
    const send = vi.fn();
    // An expected value inside `expect.objectContaining(…)` describes a message; it builds none.
    // ok: MCP403
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ jsonrpc: '2.0', id: 1, result: { tools: [] } }));
  });
});
