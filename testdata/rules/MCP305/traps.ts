// Traps: client-side handlers, the modern input_required builders, unrelated createMessage calls.
import { Client } from '@modelcontextprotocol/client';
import { inputRequired, McpServer } from '@modelcontextprotocol/server';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/core';
import Anthropic from '@anthropic-ai/sdk';

export function clientHandlers(client: Client, llm: Anthropic) {
  // ok: MCP305
  client.setRequestHandler(CreateMessageRequestSchema, async (req) => {
    // ok: MCP305
    const msg = await llm.messages.create({ model: 'claude', max_tokens: 100, messages: req.params.messages as never });
    return { model: 'claude', role: 'assistant', content: msg.content[0] as never };
  });
  // ok: MCP305
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
  // ok: MCP305
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
  // ok: MCP305
  client.setRequestHandler('elicitation/create', async () => ({ action: 'cancel' }));
}

export function clientDispatch(message: { method: string }) {
  switch (message.method) {
    // ok: MCP305
    case 'roots/list':
      return { roots: [] };
    default:
      return null;
  }
}

export function modernTool(server: McpServer) {
  server.registerTool('plan', { description: 'Plan a trip' }, async () =>
    inputRequired({
      inputRequests: {
        // ok: MCP305
        budget: inputRequired.elicit({ message: 'Budget?', requestedSchema: { type: 'object', properties: {} } }),
        // ok: MCP305
        ideas: inputRequired.createMessage({ messages: [], maxTokens: 50 }),
        // ok: MCP305
        folders: inputRequired.listRoots(),
        // ok: MCP305
        raw: { method: 'roots/list' },
      },
    }),
  );
}

export function chat(queue: { createMessage(text: string): void }, fs: { listRoots(): string[] }) {
  // ok: MCP305
  queue.createMessage('hello');
  // ok: MCP305
  return fs.listRoots();
}

// A client test whose fake transport delivers a server request to the client under test.
export class FakeTransport {
  onmessage?: (message: object) => void;
  deliverElicitation() {
    // ok: MCP305
    this.onmessage?.({ jsonrpc: '2.0', id: 9, method: 'elicitation/create', params: { message: 'Name?' } });
  }
  deliverRoots(handle: (message: object) => void) {
    // ok: MCP305
    const serverRequest = { jsonrpc: '2.0', id: 10, method: 'roots/list' } as const;
    handle(serverRequest);
  }
}
