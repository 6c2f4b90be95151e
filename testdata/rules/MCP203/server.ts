// v2 servers connected to a transport by hand.
import { McpServer, Server, createMcpHandler } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

export async function main() {
  // expect: MCP203
  const server = new McpServer({ name: 'notes', version: '2.0.0' });
  await server.connect(new StdioServerTransport());
}

export function lowLevel() {
  // expect: MCP203
  return new Server({ name: 'raw', version: '2.0.0' }, { capabilities: { tools: {} } });
}

export async function http(transport: NodeStreamableHTTPServerTransport) {
  // expect: MCP203
  const server = new McpServer({ name: 'http', version: '2.0.0' }, { capabilities: { tools: {} } });
  await server.connect(transport);
}

// A factory handed to a function that is no serving entry of the SDK, whatever it is called.
import { createHandler } from './local-serve';

export const local = createHandler(() => {
  // expect: MCP203
  const server = new McpServer({ name: 'local', version: '2.0.0' });
  return server;
});

// Built at module level and connected by hand; the name is never handed to a serving entry.
// expect: MCP203
const handBuilt = new McpServer({ name: 'hand-built', version: '2.0.0' });
await handBuilt.connect(new StdioServerTransport());

// The factory returns its own `shadowed`, not the module's.
// expect: MCP203
const shadowed = new McpServer({ name: 'shadowed', version: '2.0.0' });
await shadowed.connect(new StdioServerTransport());
export const shadowHandler = createMcpHandler(() => {
  const shadowed = new McpServer({ name: 'inner', version: '2.0.0' });
  return shadowed;
});
export const paramHandler = createMcpHandler((shadowed: McpServer) => shadowed);
