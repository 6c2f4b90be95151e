// A CRLF file: the added lines end in CRLF too, with the entries' indentation.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export async function dispatch(method: string) {
  switch (method) {
    case 'resources/list':
      return {
		resources: [],
		resultType: 'complete'
      };
    default:
      return undefined;
  }
}

export type Server = McpServer;
