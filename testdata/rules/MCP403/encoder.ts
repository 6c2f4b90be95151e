// Trap: a server's encoder checks the resultType it stamped itself; it reads no peer's result.
import type { Result } from '@modelcontextprotocol/server';

const CACHEABLE = new Set(['tools/list', 'resources/read']);

export function fillCacheFields(method: string, result: Result): Result {
  const resultType = (result as Record<string, unknown>)['resultType'];
  // ok: MCP403
  if (resultType !== 'complete' || !CACHEABLE.has(method)) return result;
  return { ...result, ttlMs: 0, cacheScope: 'private' };
}
