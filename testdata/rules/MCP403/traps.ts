// Traps: results that carry resultType, SDK-built results, and clients that default absence.
import { McpServer } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';

// expect: MCP203
const server = new McpServer({ name: 'ok', version: '1.0.0' });
// ok: MCP403
server.registerTool('echo', { description: 'Echo', inputSchema: z.object({ text: z.string() }), annotations: { readOnlyHint: true } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
server.server.setRequestHandler('tools/list', async (request) => {
  switch (request.method) {
    case 'tools/list':
      // ok: MCP403
      return { tools: [] };
  }
});

export function dispatch(msg: { method: string; id: number }, base: Record<string, unknown>) {
  // expect: MCP202
  switch (msg.method) {
    case 'tools/call':
      // ok: MCP403
      return { resultType: 'complete', content: [] };
    case 'prompts/get':
      // ok: MCP403
      return { ...base, messages: [] };
    // expect: MCP201
    case 'notifications/initialized':
      // ok: MCP403
      return {};
    default:
      // ok: MCP403
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
}

// A request, not a result; and a tool's own switch on its name.
// ok: MCP403
export const request = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
export function tool(args: { name: string }) {
  switch (args.name) {
    case 'add':
      // ok: MCP403
      return { content: [{ type: 'text', text: 'sum' }] };
  }
}

// A legacy client answering an elicitation: embedded results carry no resultType.
export function answerElicitation(id: number) {
  // ok: MCP403
  return { jsonrpc: '2.0', id, result: { action: 'accept', content: { confirm: true } } };
}

export async function clientSide(client: Client) {
  const result = await client.callTool({ name: 'x', arguments: {} });
  // ok: MCP403
  switch (result.resultType ?? 'complete') {
    case 'complete':
      return result.content;
    default:
      throw new Error('unknown');
  }
}

export function kinds(r: { resultType?: string }) {
  // ok: MCP403
  if (r.resultType === 'input_required') return 'ask';
  // ok: MCP403
  if (r.resultType === undefined || r.resultType === 'complete') return 'done';
  switch (r.resultType) {
    case 'input_required':
      return 'ask';
    // ok: MCP403
    case 'complete':
    default:
      return 'done';
  }
}

// Not MCP: a generic JSON-RPC job runner with its own "complete" status.
export function jobDone(job: { status: string }) {
  // ok: MCP403
  return job.status === 'complete';
}

// A message log entry and a test expectation describe results; they do not build them.
export const history = [
  {
    request: { jsonrpc: '2.0', id: 7, method: 'tools/list' },
    // ok: MCP403
    response: { jsonrpc: '2.0', id: 7, result: { tools: [] } },
  },
];
export function check(reply: unknown) {
  // ok: MCP403
  expect(reply).toMatchObject({ jsonrpc: '2.0', id: 7, result: { tools: [] } });
}

// A CLI that chooses which method to call: its arms return output records, not results.
export async function runMethod(args: { method: string }, client: Client) {
  if (args.method === 'tools/list') {
    const { tools } = await client.listTools();
    // ok: MCP403
    return { kind: 'ndjson', lines: tools };
  }
  return { kind: 'none' };
}

// A badge that shows the wire value and leaves an absent one absent.
export function badge(r: { resultType?: string }) {
  // ok: MCP403
  return r.resultType === 'complete' ? 'complete' : undefined;
}

// An expectation kept in a variable that only assertions use.
// ok: MCP403
const EXPECTED_FRAME = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }] } };
export function checkFrame(frame: unknown, frames: unknown[]) {
  expect(frame).toEqual(EXPECTED_FRAME);
  expect(frames).toEqual([EXPECTED_FRAME]);
}
