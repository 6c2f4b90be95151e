// Fixture: tools that change the world without an idempotency key (TypeScript, SDK v1 and v2).
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { PaymentArgs } from './schemas.js';

const ok = { content: [{ type: 'text' as const, text: 'ok' }] };

export function register(server: McpServer) {
  server.registerTool(
    // expect: MCP601
    'send_receipt',
    { description: 'Email the receipt of an invoice', inputSchema: { invoiceId: z.string(), to: z.string() } },
    async () => ok,
  );

  // v1 positional form: name, description, shape, handler.
  // expect: MCP601
  server.tool('createIssue', 'Open an issue in the tracker', { title: z.string() }, async () => ok);

  // expect: MCP601
  server.tool('stripe-refund', { chargeId: z.string() }, async () => ok);

  // The verb comes from the description when the name has none.
  server.registerTool(
    // expect: MCP601
    'newsletter',
    { description: 'Publishes the weekly newsletter to all subscribers', inputSchema: z.object({ issue: z.number() }) },
    async () => ok,
  );

  // `destructiveHint: false` says nothing about repeats.
  server.registerTool(
    // expect: MCP601
    'charge_card',
    {
      description: 'Charge a card',
      inputSchema: z.object({ customerId: z.string(), amount: z.number() }),
      annotations: { destructiveHint: false },
    },
    async () => ok,
  );

  // v2 spelling with a schema from another module that has no key (see schemas.ts).
  // expect: MCP601
  server.registerTool('pay_invoice', { description: 'Pay an invoice', inputSchema: PaymentArgs }, async () => ok);

  const name = 'deploy_service';
  const config = { title: 'Deploy', description: 'Roll out a new version', inputSchema: { version: z.string() } };
  // expect: MCP601
  server.registerTool(name, config, async () => ok);

  // expect: MCP601
  server.tool('delete_file', 'Remove a file', { path: z.string() }, { destructiveHint: true }, async () => ok);
}

// Descriptors returned from a `tools/list` handler.
export const TOOLS = [
  {
    // expect: MCP601
    name: 'book_table',
    description: 'Book a restaurant table',
    inputSchema: { type: 'object', properties: { restaurant: { type: 'string' }, time: { type: 'string' } } },
  },
  {
    // expect: MCP601
    name: 'submit_order',
    description: 'Submit the order',
    inputSchema: { type: 'object', properties: { items: { type: 'array' } } },
    annotations: { title: 'Submit' },
  },
];

export function more(server: McpServer) {
  // A verb that needs an object gets it from the name.
  // expect: MCP601
  server.registerTool('add_observations', { description: 'Add observations to entities' }, async () => ok);
  // An explicit `idempotentHint: false` is a write by its own account.
  server.registerTool(
    // expect: MCP601
    'move_file',
    { description: 'Move a file', inputSchema: { from: z.string(), to: z.string() }, annotations: { idempotentHint: false } },
    async () => ok,
  );
  // The verb after filler words of the description.
  // expect: MCP601
  server.registerTool('payment-confirm', { description: 'A tool that confirms a payment' }, async () => ok);
}
