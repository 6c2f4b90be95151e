// Fixture: tool, prompt and resource lists changed from inside request handlers (TypeScript).
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import type { RegisteredPrompt, RegisteredResource } from '@modelcontextprotocol/server';
import { z } from 'zod';

// expect: MCP203
const server = new McpServer({ name: 'wizard', version: '2.0.0' }, { capabilities: { tools: { listChanged: true } } });

const refund = server.registerTool('refund_order', { description: 'Refund an order', inputSchema: z.object({ id: z.string(), idempotencyKey: z.string() }) }, async ({ id }) => refundOrder(id));
const summary = server.registerPrompt('summary', { description: 'Summarise the ticket' }, () => ({ messages: [] }));
const registered = new Map<string, RegisteredResource>();
let prompts: RegisteredPrompt[] = [];

server.registerTool(
  'sign_in',
  { description: 'Sign in as support staff', inputSchema: z.object({ token: z.string() }), annotations: { readOnlyHint: true } },
  async ({ token }) => {
    await verify(token);
    // expect: MCP603
    refund.enable();
    // expect: MCP603
    summary.update({ enabled: true });
    // expect: MCP603
    server.sendToolListChanged();
    return { content: [{ type: 'text', text: 'welcome' }] };
  },
);

server.registerTool(
  'close_ticket',
  { description: 'Close the ticket', inputSchema: z.object({ id: z.string(), idempotencyKey: z.string() }) },
  async ({ id }) => {
    await closeTicket(id);
    // expect: MCP603
    registered.get(id)?.remove();
    // expect: MCP603
    refund.disable();
    return { content: [{ type: 'text', text: 'closed' }] };
  },
);

async function onOpen({ id }: { id: string }) {
  // expect: MCP603
  const handle = server.registerResource(`ticket-${id}`, `ticket://${id}`, {}, async (uri) => ({ contents: [{ uri: uri.href, text: id }] }));
  registered.set(id, handle);
  // expect: MCP603
  server.sendResourceListChanged();
  return { content: [{ type: 'text', text: `opened ${id}` }] };
}
server.registerTool('open_ticket', { description: 'Open a ticket', inputSchema: z.object({ id: z.string(), idempotencyKey: z.string() }), annotations: { idempotentHint: true } }, onOpen);

// The v1 spellings.
server.tool('reset', 'Forget the wizard progress', async () => {
  // expect: MCP603
  for (const prompt of prompts) prompt.disable();
  prompts = [];
  return { content: [] };
});
