// Traps modelled on real servers: demo and protocol tools, read names, client-side tool lists.
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const ok = { content: [{ type: 'text' as const, text: 'ok' }] };

export function register(server: McpServer) {
  // A calculator: `add` alone sums numbers.
  // ok: MCP601
  server.registerTool('add', { description: 'Add two numbers together', inputSchema: { a: z.number(), b: z.number() } }, async () => ok);
  // ok: MCP601
  server.tool('add', 'Add 7 and 22 for this example.', async () => ok);
}

// A bare `add` whose description adds something to the world.
export function members(server: McpServer) {
  // expect: MCP601
  server.tool('add', 'Adds a member to the team', async () => ok);
  // Acts on the protocol conversation, not on the world.
  // ok: MCP601
  server.registerTool('trigger-sampling-request', { description: 'Ask the client model a question' }, async () => ok);
  // ok: MCP601
  server.registerTool('start-notification-stream', { description: 'Send periodic notifications' }, async () => ok);
  // ok: MCP601
  server.registerTool('collect_sample', { description: 'Send a sampling request with the given text' }, async () => ok);
  // ok: MCP601
  server.registerTool('poll', { description: 'closeSSE then emit', inputSchema: z.object({}) }, async () => ok);
  // A name that ends in what it reads.
  // ok: MCP601
  server.registerTool('order-total', { description: 'Total of one order' }, async () => ok);
  // ok: MCP601
  server.registerTool('deploy_status', { inputSchema: { service: z.string() } }, async () => ok);
  // Explicitly annotated both ways: read-only wins.
  // ok: MCP601
  server.registerTool('write_preview', { annotations: { readOnlyHint: true, idempotentHint: false } }, async () => ok);
}

// FastMCP registers a tool from one object; `parameters` is its input.
export function fastmcp(server: { addTool(tool: object): void }) {
  server.addTool({
    // expect: MCP601
    name: 'send_invite',
    description: 'Send a team invitation',
    parameters: z.object({ email: z.string() }),
    execute: async () => 'sent',
  });
  server.addTool({
    // ok: MCP601
    name: 'send_reminder',
    description: 'Send a reminder',
    parameters: z.object({ to: z.string(), dedupeKey: z.string() }),
    execute: async () => 'sent',
  });
}

// A test fixture's canned answer for a tool, and a fake server: doubles, not tools the project
// serves.
export function doubles(mcp: { mock: { tool(name: string, reply: string): void } }, fakeServer: McpServer) {
  // ok: MCP601
  mcp.mock.tool('invoke_echo-agent', 'Mocked response!');
  // ok: MCP601
  fakeServer.registerTool('delete_file', { description: 'Delete a file' }, async () => ok);
}

