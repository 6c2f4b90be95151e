// Fixture: hand-built results of cacheable methods without ttlMs / cacheScope (TypeScript).
import { PROMPTS, TEMPLATES, TOOLS, readDoc } from './catalog.js';

export async function dispatch(msg: { method: string; id: number; params?: any }) {
  switch (msg.method) {
    case 'server/discover':
      // expect: MCP404
      return { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {}, prompts: {} } };
    case 'tools/list':
      // expect: MCP404
      return { resultType: 'complete', tools: TOOLS, ttlMs: 600_000 };
    case 'prompts/list':
      // expect: MCP404
      return { resultType: 'complete', prompts: PROMPTS, cacheScope: 'public' };
    case 'resources/templates/list': {
      const page = { resultType: 'complete', resourceTemplates: TEMPLATES };
      // expect: MCP404
      return page;
    }
    default:
      return undefined;
  }
}

export async function handleRead(msg: { method: string; id: number; params: { uri: string } }) {
  if (msg.method === 'resources/read') {
    const text = await readDoc(msg.params.uri);
    // expect: MCP404
    return { resultType: 'complete', contents: [{ uri: msg.params.uri, text }], ttlMs: 60_000 };
  }
  return undefined;
}

// Envelopes written where no dispatch arm says the method: the result's keys do.
export function listResources(id: number, uris: string[]) {
  // expect: MCP404
  return { jsonrpc: '2.0', id, result: { resultType: 'complete', resources: uris.map((uri) => ({ uri, name: uri })) } };
}

export function sendTools(write: (line: string) => void, id: number) {
  // expect: MCP404
  write(JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', tools: TOOLS, cacheScope: 'private' } }));
}
