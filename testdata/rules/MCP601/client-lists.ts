// Traps: a client's UI fixtures describe tools it received; they are not tools it serves.
import type { Tool } from '@modelcontextprotocol/client';

export const sampleTools: Tool[] = [
  // ok: MCP601
  { name: 'send_message', description: 'Send a chat message', inputSchema: { type: 'object' } },
  // ok: MCP601
  { name: 'delete_records', description: 'Delete records', inputSchema: { type: 'object', properties: { ids: { type: 'array' } } } },
];
