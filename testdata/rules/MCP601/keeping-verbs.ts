// Tools that keep something new each time they are called (a memory, a record), and tools
// whose names only mention a store or a record.
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/server';

const ok = { content: [{ type: 'text' as const, text: 'ok' }] };

export function register(server: McpServer) {
  // expect: MCP601
  server.registerTool('store_memory', { description: 'Store a memory for later', inputSchema: { text: z.string() } }, async () => ok);
  // expect: MCP601
  server.registerTool('record_event', { description: 'Record an analytics event', inputSchema: { name: z.string() } }, async () => ok);
  // expect: MCP601
  server.registerTool('remember', { description: 'Remember a fact about the user', inputSchema: { fact: z.string() } }, async () => ok);
  // ok: MCP601
  server.registerTool('get_store', { description: 'Get a store by its id', inputSchema: { id: z.string() } }, async () => ok);
  // ok: MCP601
  server.registerTool('list_stores', { description: 'List the stores near a city', inputSchema: { city: z.string() } }, async () => ok);
  // ok: MCP601
  server.registerTool('store_info', { description: 'Opening hours of a store', inputSchema: { id: z.string() } }, async () => ok);
  // ok: MCP601
  server.registerTool('record_count', { description: 'Count the records of a table', inputSchema: { table: z.string() } }, async () => ok);
  // ok: MCP601
  server.registerTool('store', { description: 'Look up a store by name', inputSchema: { name: z.string() } }, async () => ok);
}
