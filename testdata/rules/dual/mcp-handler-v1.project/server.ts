// `createMcpHandler` of Vercel's mcp-handler 1.x wraps the 2025 SDK: the project has no
// modern path, so --target dual leaves its legacy handlers at their level.
import { createMcpHandler } from 'mcp-handler';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const handler = createMcpHandler((server: McpServer) => {
  // expect: MCP301
  server.server.setRequestHandler('ping', async () => ({}));
  // expect: MCP302
  server.server.setRequestHandler('logging/setLevel', async () => ({}));
});
