// A folder named for the legacy era, next to a modern path: legacy support under dual.
import type { McpServer } from '@modelcontextprotocol/server';

export type Server = McpServer;
export function quota(id: number) {
  // expect: MCP402
  // expect-dual: MCP402=note
  return { jsonrpc: '2.0', id, error: { code: -32050, message: 'quota' } };
}
