// The factory lives here; server.ts serves it with createMcpHandler.
import { McpServer } from '@modelcontextprotocol/server';

export const buildServer = () => {
  // ok: MCP203
  const server = new McpServer({ name: 'incident-desk', version: '2.1.0' });
  return server;
};
