// Fixture: hand-built results without resultType (TypeScript raw JSON-RPC servers).
import express from 'express';
import { TOOLS, runTool } from './tools.js';

const app = express();

app.post('/rpc', async (req, res) => {
  const msg = req.body;
  if (msg.method === 'tools/call') {
    const output = await runTool(msg.params.name, msg.params.arguments);
    // expect: MCP403
    res.json({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: output }] } });
    return;
  }
  const result = { prompts: [] };
  // expect: MCP403, MCP404
  res.json({ jsonrpc: '2.0', id: msg.id, result });
});

export async function dispatch(method: string, params: any) {
  switch (method) {
    case 'server/discover':
      // expect: MCP403
      return { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 3_600_000, cacheScope: 'public' };
    case 'tools/call': {
      const text = await runTool(params.name, params.arguments);
      // expect: MCP403
      return { content: [{ type: 'text', text }], isError: false };
    }
    // expect: MCP201
    // expect-dual: MCP201=note
    case 'initialize':
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      // ok: MCP403
      // What only the `initialize` arm runs serves 2025 peers alone: a note under dual.
      // expect: MCP204
      // expect-dual: MCP204=note
      return { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'raw', version: '1.0.0' } };
    // expect-dual: MCP303=note
    case 'resources/subscribe': // expect: MCP303
    // expect-dual: MCP303=note
    case 'resources/unsubscribe': // expect: MCP303
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      // ok: MCP403
      return {};
    default:
      throw new Error(`unknown method ${method}`);
  }
}

// A handler table keyed by method.
export const handlers = {
  // expect: MCP403
  'completion/complete': async () => ({ completion: { values: [], hasMore: false } }),
};

export function reply(id: number, line: string) {
  // expect: MCP403
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: { tools: TOOLS, ttlMs: 0, cacheScope: 'public' } }) + '\n');
  return line;
}

// Kept in a variable, sent, then also asserted on: still a result this code sends.
export function sendAndCheck(sent: unknown[]) {
  // expect: MCP403
  const frame = { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'ok' }] } };
  process.stdout.write(JSON.stringify(frame));
  expect(sent).toContainEqual(frame);
}
