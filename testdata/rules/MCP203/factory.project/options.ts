import { McpServer } from '@modelcontextprotocol/server';
import { startByHand, startServer } from './serve.js';

const createDesk = async () => {
  // ok: MCP203
  return new McpServer({ name: 'desk', version: '2.0.0' });
};
export const desk = startServer({ createServer: createDesk, port: 3000 });

export const inline = startServer({
  // ok: MCP203
  createServer: async () => new McpServer({ name: 'inline', version: '2.0.0' }),
  port: 3001,
});

const createLocal = async () => {
  // expect: MCP203
  return new McpServer({ name: 'local', version: '2.0.0' });
};
export const local = startByHand({ createServer: createLocal }, undefined as never);

export const localInline = startByHand(
  // expect: MCP203
  { createServer: async () => new McpServer({ name: 'local-inline', version: '2.0.0' }) },
  undefined as never,
);
