// Fixture: servers that decode requestState without verifying it (TypeScript).
import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';

// expect: MCP203
const server = new McpServer({ name: 'bookings', version: '1.0.0' });

server.registerTool(
  'book_room',
  { description: 'Book a meeting room', inputSchema: z.object({ room: z.string(), idempotencyKey: z.string() }) },
  async ({ room }, ctx) => {
    const raw = ctx.mcpReq.envelope.params.requestState as string | undefined;
    if (!raw) {
      return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: `Book ${room}?` }) }, requestState: btoa(JSON.stringify({ room })) });
    }
    // expect: MCP602
    const state = JSON.parse(atob(raw)) as { room: string };
    return { content: [{ type: 'text', text: `booked ${state.room}` }] };
  },
);

// A hand-written dispatcher.
export function resumeStep(request: { params: { requestState?: string } }) {
  // expect: MCP602
  const decoded = Buffer.from(request.params.requestState ?? '', 'base64url').toString();
  return JSON.parse(decoded) as { step: number };
}

export function splitState(req: { params: { requestState: string } }) {
  // expect: MCP602
  const [payload] = req.params.requestState.split('.');
  return payload;
}

// A helper with no client or server marker: read as server code.
export function decodeState(requestState: string): unknown {
  // expect: MCP602
  return JSON.parse(Buffer.from(requestState, 'base64').toString('utf8'));
}

export const handlers = {
  async 'tools/call'(params: { name: string; requestState?: string }) {
    // expect: MCP602
    const prior = params.requestState ? JSON.parse(params.requestState) : {};
    return { resultType: 'complete', content: [{ type: 'text', text: JSON.stringify(prior) }] };
  },
};

export function restore(args: { request_state: string }) {
  // expect: MCP602
  return JSON.parse(decodeURIComponent(atob(args.request_state)));
}
