// Cacheable results get the conservative hints `ttlMs: 0, cacheScope: "private"` (unsafe: choose real values).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const TOOLS = [{ name: 'echo', inputSchema: { type: 'object' } }];

export async function dispatch(method: string) {
  switch (method) {
    case 'tools/list':
      return { tools: TOOLS, resultType: 'complete' };
    case 'prompts/list':
      return {
        prompts: [],
        resultType: 'complete',
        cacheScope: 'public',
      };
    default:
      return undefined;
  }
}

export type Server = McpServer;
