// Fixture: a low-level server that dispatches tools/call by hand.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { PaymentArgs, TransferArgs } from './schemas.js';

export function wire(server: Server) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      // ok: MCP601
      { name: 'transfer_funds', description: 'Move money between accounts', inputSchema: TransferArgs },
      // ok: MCP601
      { name: 'lookup_account', description: 'Find an account', inputSchema: { type: 'object' } },
      // Through a converter of the schema: its argument is the schema.
      // ok: MCP601
      { name: 'transfer_between', description: 'Move money between accounts', inputSchema: zodToJsonSchema(TransferArgs) },
      // expect: MCP601
      { name: 'charge_invoice', description: 'Charge an invoice', inputSchema: zodToJsonSchema(PaymentArgs) },
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = request.params.arguments ?? {};
    switch (request.params.name) {
      // Described with a key in the list above.
      // ok: MCP601
      case 'transfer_funds':
        return { content: [{ type: 'text', text: `moved ${String(args.from)}` }] };
      // Described nowhere: judged by its name.
      // expect: MCP601
      case 'restart_worker':
        return { content: [{ type: 'text', text: 'restarted' }] };
      // Its body checks a key.
      // ok: MCP601
      case 'post_message':
        if (typeof args.requestId !== 'string') throw new Error('requestId is required');
        return { content: [{ type: 'text', text: 'posted' }] };
      // ok: MCP601
      case 'get_balance':
        return { content: [{ type: 'text', text: '0' }] };
      default:
        throw new Error('unknown tool');
    }
  });
}
