// Traps: complete hints, non-cacheable methods, input_required, SDK-built and unknown results.
import { McpServer } from '@modelcontextprotocol/server';
import { TOOLS } from './catalog.js';

export async function dispatch(msg: { method: string; id: number }, resultType: string, base: object) {
  // expect: MCP202
  switch (msg.method) {
    case 'tools/list':
      // ok: MCP404
      return { resultType: 'complete', tools: TOOLS, ttlMs: 600_000, cacheScope: 'public' };
    case 'tools/call':
      // ok: MCP404
      return { resultType: 'complete', content: [] };
    case 'resources/read':
      // ok: MCP404
      return { resultType: 'input_required', inputRequests: {}, requestState: 'abc' };
    case 'prompts/list':
      // ok: MCP404
      return { resultType, prompts: [] };
    case 'resources/list':
      // ok: MCP404
      return { ...base, resources: [] };
    // expect: MCP201
    case 'initialize':
      // ok: MCP404
      // expect: MCP204
      return { resultType: 'complete', protocolVersion: '2025-11-25', capabilities: {} };
    default:
      return undefined;
  }
}

// expect: MCP203
const server = new McpServer({ name: 'docs', version: '1.0.0' });
server.server.setRequestHandler('resources/list', async () => {
  // ok: MCP404
  return { resources: [] };
});

// A client's tool catalogue, not a result.
// ok: MCP404
export const catalogue = { tools: TOOLS, updated: Date.now() };

// An envelope whose keys do not say the method.
export function ack(id: number) {
  // ok: MCP404
  return { jsonrpc: '2.0', id, result: { resultType: 'complete' } };
}
