// The dispatcher lives here; `server/discover` is answered in discover.ts.
import { discover } from './discover.js';

export function dispatch(msg: { id: number; method: string }) {
  if (msg.method === 'server/discover') return discover();
  // ok: MCP202
  switch (msg.method) {
    case 'tools/list':
      return { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'private' };
    case 'tools/call':
      return { resultType: 'complete', content: [] };
  }
  return undefined;
}
