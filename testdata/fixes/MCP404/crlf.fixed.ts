// A CRLF file: the added lines end in CRLF too, with the entries' indentation.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export async function dispatch(method: string) {
  switch (method) {
    case 'resources/list':
      return {
		resources: [],
		resultType: 'complete',
		ttlMs: 0,
		cacheScope: 'private'
      };
    default:
      return undefined;
  }
}

export type Server = McpServer;
