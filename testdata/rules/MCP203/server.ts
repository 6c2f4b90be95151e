// v2 servers connected to a transport by hand.
import { McpServer, Server } from '@modelcontextprotocol/server';
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
