// Traps: echoing the state untouched, SDK-verified access, and verified decoding.
import { Client } from '@modelcontextprotocol/client';
import { McpServer, createRequestStateCodec, inputRequired } from '@modelcontextprotocol/server';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export async function retry(client: Client, answers: Record<string, unknown>) {
  const first = await client.callTool({ name: 'deploy', arguments: { env: 'prod' } });
  // ok: MCP602
  if (first.requestState !== undefined) console.debug('server keeps state');
  return client.callTool({
    name: 'deploy',
    arguments: { env: 'prod' },
    inputResponses: answers,
    // ok: MCP602
    requestState: first.requestState,
  });
}

export async function loop(client: Client, answer: () => Promise<Record<string, unknown>>) {
  let requestState: string | undefined;
  let inputResponses: Record<string, unknown> | undefined;
  for (;;) {
    // ok: MCP602
    const result = await client.callTool({ name: 'wizard', arguments: {}, ...(requestState && { requestState, inputResponses }) });
    if (result.resultType !== 'input_required') return result;
    inputResponses = await answer();
    // ok: MCP602
    requestState = result.requestState;
  }
}

const codec = createRequestStateCodec<{ room: string }>({ key: process.env.STATE_KEY ?? '' });
// expect: MCP203
const server = new McpServer({ name: 'rooms', version: '1.0.0' }, { requestState: { verify: codec.verify } });

server.registerTool('hold_room', { description: 'Hold a room', inputSchema: z.object({ room: z.string() }), annotations: { idempotentHint: true } }, async ({ room }, ctx) => {
  // ok: MCP602
  const state = ctx.mcpReq.requestState<{ room: string }>();
  if (!state) {
    // ok: MCP602
    return inputRequired({ inputRequests: {}, requestState: await codec.mint({ room }) });
  }
  return { content: [{ type: 'text', text: state.room }] };
});

// Hand-rolled HMAC: verified before it is decoded.
export function openState(requestState: string, key: Buffer) {
  const [body, mac] = requestState.split('.');
  const expected = createHmac('sha256', key).update(body).digest();
  if (!timingSafeEqual(expected, Buffer.from(mac, 'base64url'))) throw new Error('tampered');
  // ok: MCP602
  return JSON.parse(Buffer.from(body, 'base64url').toString());
}

// Unrelated state and parsing.
export function loadSettings(raw: string) {
  const state = JSON.parse(raw);
  // ok: MCP602
  return { requestState: state.mode, theme: JSON.parse(state.theme) };
}

export function describeState(result: { requestState?: string }) {
  // ok: MCP602
  return `state of ${result.requestState?.length ?? 0} bytes`;
}

// Test data and schemas with the retry's keys are not a client rewriting a state.
export const sampleRetry = {
  inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
  // ok: MCP602
  requestState: 'opaque-token-from-the-server',
};
export const RetryParams = z.object({
  inputResponses: z.record(z.string(), z.unknown()).optional(),
  // ok: MCP602
  requestState: z.string().optional(),
});

// A server re-entering its handler with the verified state: same keys, server side.
export async function reenter(ctx: any, responses: Record<string, unknown>, requestState: string, host: any) {
  const next = {
    ...ctx,
    inputResponses: responses,
    // ok: MCP602
    requestState: stateAccessor(requestState),
  };
  return host.verifyRequestState(requestState, next);
}

// A test of the seal: it reads the token's format and tampers with it on purpose.
it('rejects a tampered state', async () => {
  async function sealed(client: any) {
    const first = await client.callTool({ name: 'guard', arguments: {} });
    // ok: MCP602
    return first.requestState.startsWith('v1.');
  }
  async function tampered(client: any) {
    const first = await client.callTool({ name: 'guard', arguments: {} });
    // ok: MCP602
    return first.requestState.slice(0, -2) + 'AA';
  }
  expect(await sealed((globalThis as any).client)).toBe(true);
  expect(await tampered((globalThis as any).client)).not.toBe('');
});
