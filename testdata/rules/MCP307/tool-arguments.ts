// A tool's own argument named `elicitationId` is not the removed protocol field: its input
// schema, the arguments a call passes to it, and what its handler reads from them.
import { McpServer } from '@modelcontextprotocol/server';
import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';

const CompleteSchema = z.object({
  // ok: MCP307
  elicitationId: z.string().describe('the flow to mark as done'),
});

export function register(server: McpServer) {
  server.registerTool('complete', { inputSchema: CompleteSchema }, async (args) => {
    // ok: MCP307
    const { elicitationId: flow } = args;
    // ok: MCP307
    return { content: [{ type: 'text', text: `${flow} ${args.elicitationId}` }] };
  });
  // ok: MCP307
  server.registerTool('inline', { inputSchema: z.object({ elicitationId: z.string() }) }, async () => ({ content: [] }));
}

export async function callIt(client: Client, id: string) {
  // ok: MCP307
  await client.callTool({ name: 'complete', arguments: { elicitationId: id } });
}

// The protocol field itself is still reported.
export function urlParams(url: string) {
  // expect: MCP307
  return { mode: 'url', url, message: 'Sign in', elicitationId: 'e-1' };
}

// A tool's arguments handed straight to its handler: keys no elicitation structure has show
// that the object is not the protocol's.
export async function callHandler(handler: (args: object) => Promise<unknown>) {
  // ok: MCP307
  await handler({ url: 'https://example.com', message: 'Open it', elicitationId: 'e-2', errorPath: false });
  // The protocol's own params, however they are built, still are.
  // expect: MCP307
  await handler({ mode: 'url', url: 'https://example.com', message: 'Open it', elicitationId: 'e-3' });
}

// Only the field reads so: a registry keyed by method names still names the notification.
export const handlers = {
  'notifications/message': null,
  // expect: MCP307
  'notifications/elicitation/complete': null,
};
