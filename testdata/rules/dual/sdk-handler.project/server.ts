// A v2 SDK server served through createMcpHandler (the modern path) that still registers
// handlers for 2025 clients on purpose.
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';

function buildServer() {
  const server = new McpServer({ name: 'notes', version: '2.0.0' });
  // expect: MCP301
  // expect-dual: MCP301=note
  server.server.setRequestHandler('ping', async () => ({}));
  // expect: MCP302
  // expect-dual: MCP302=note
  server.server.setRequestHandler('logging/setLevel', async () => ({}));
  // expect: MCP201
  // expect-dual: MCP201=note
  server.server.oninitialized = () => console.error('legacy client ready');
  return server;
}

export const handler = createMcpHandler(buildServer);
