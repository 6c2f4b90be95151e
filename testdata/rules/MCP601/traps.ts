// Traps: reads, keyed writes, annotated writes, and tool-like words that are not tools.
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/server';

const ok = { content: [{ type: 'text' as const, text: 'ok' }] };

export function register(server: McpServer) {
  // ok: MCP601
  server.registerTool('get_invoice', { description: 'Get an invoice', inputSchema: z.object({ id: z.string() }) }, async () => ok);
  // ok: MCP601
  server.registerTool('list_orders', { description: 'List orders that were created today' }, async () => ok);
  // A noun that is also a verb (`issue`, `order`) gives way to the plain verb after it.
  // ok: MCP601
  server.registerTool('issue_get', { description: 'Issue details by key', inputSchema: { key: z.string() } }, async () => ok);
  // A description that starts with a read overrides an ambiguous name.
  // ok: MCP601
  server.registerTool('order_status', { description: 'Returns the status of an order' }, async () => ok);
  // ok: MCP601
  server.registerTool(
    'send_invoice',
    { description: 'Send an invoice', inputSchema: z.object({ invoiceId: z.string(), idempotencyKey: z.string().uuid() }) },
    async () => ok,
  );
  // ok: MCP601
  server.registerTool(
    'create_user',
    { description: 'Create a user', inputSchema: { email: z.string(), idempotency_key: z.string() } },
    async () => ok,
  );
  // ok: MCP601
  server.registerTool(
    'set_status',
    { description: 'Update the status', inputSchema: { status: z.string() }, annotations: { idempotentHint: true } },
    async () => ok,
  );
  // ok: MCP601
  server.tool('publish_preview', 'Render what would be published', { draft: z.string() }, { readOnlyHint: true }, async () => ok);
  // ok: MCP601
  server.registerTool('echo', { description: 'Echo the message back', inputSchema: { message: z.string() } }, async () => ok);
  // A key in a JSON Schema `required` list.
  // ok: MCP601
  server.registerTool(
    'charge',
    {
      description: 'Charge',
      inputSchema: z.object({ amount: z.number(), clientToken: z.string() }),
    },
    async () => ok,
  );
}

// Not tools: a CLI command table and a cron job list with the same names.
// ok: MCP601
const commands = [{ name: 'delete_cache', run: () => undefined }];
// ok: MCP601
const jobs = [{ name: 'send_email', schedule: '0 * * * *', description: 'Send the digest' }];
export { commands, jobs };

// A test double of a tools module lists tools that the test never serves.
vi.mock('./tools/index.js', () => ({
  TOOLS: [
    // ok: MCP601
    { name: 'save_credentials', description: 'Save credentials to a file', inputSchema: { type: 'object' } },
  ],
}));

// A mock function's canned tool list, and a mocked implementation's.
export const listTools = vi.fn(async () => ({
  // ok: MCP601
  tools: [{ name: 'send_invoice', description: 'Send an invoice', inputSchema: { type: 'object' } }],
}));
client.request.mockImplementation(async () => ({
  // ok: MCP601
  tools: [{ name: 'delete_user', description: 'Delete a user', inputSchema: { type: 'object' } }],
}));
