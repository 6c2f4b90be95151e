// Era detection keyed on one error code, and the draft error numbers.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

type Send = (method: string, params?: object) => Promise<unknown>;
const METHOD_NOT_FOUND = -32601;

export async function probe(send: Send, connectLegacy: () => Promise<unknown>) {
  try {
    return await send('server/discover');
  } catch (err: any) {
    // expect: MCP205
    if (err.code === -32601) {
      return connectLegacy();
    }
    throw err;
  }
}

export async function probeSdk(client: Client, send: Send, initializeSession: () => Promise<void>) {
  try {
    await send('server/discover');
  } catch (e) {
    // expect: MCP205
    if (e instanceof McpError && e.code === ErrorCode.MethodNotFound) {
      await initializeSession();
    }
  }
}

export async function probeGuard(send: Send, legacyHandshake: () => Promise<unknown>) {
  try {
    return await send('server/discover');
  } catch (err: any) {
    // expect: MCP205
    if (err.code !== METHOD_NOT_FOUND) throw err;
    return legacyHandshake();
  }
}

export async function probeList(send: Send, startLegacySession: () => Promise<unknown>) {
  try {
    return await send('server/discover');
  } catch (err: any) {
    // expect: MCP205
    if ([-32601, -32602].includes(err.code)) {
      return startLegacySession();
    }
    throw err;
  }
}

export function onProbeError(error: { code: number }, transport: { send(m: object): void }) {
  switch (error.code) {
    // expect: MCP205
    case -32_601:
      // expect-dual: MCP201=note
      transport.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }); // expect: MCP201
      break;
    default:
      break;
  }
}

export const DRAFT = {
  // expect: MCP205
  HeaderMismatch: -32001,
  // expect: MCP205
  MissingRequiredClientCapability: -32003,
};
// expect: MCP205
export const UNSUPPORTED_PROTOCOL_VERSION = -32004;

export function rejectVersion(id: number, requested: string) {
  return {
    jsonrpc: '2.0',
    id,
    // expect: MCP205
    error: { code: -32004, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested } },
  };
}

export function missingCapability() {
  // expect: MCP205
  return new McpError(-32003, 'Missing required client capability: sampling');
}

export function retryOnVersion(err: { code: number; data?: { supported?: string[] } }) {
  // expect: MCP205
  if (err.code === UNSUPPORTED_PROTOCOL_VERSION) {
    return err.data?.supported?.[0];
  }
  // expect: MCP205
  if (err.code === -32004) {
    return err.data?.supported?.[0];
  }
  return undefined;
}
