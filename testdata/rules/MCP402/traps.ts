// Traps: spec codes, codes other rules own, SDK-local codes, numbers that are not error codes.
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

// expect: MCP203
const server = new McpServer({ name: 'desk', version: '2.0.0' });

server.registerTool('lookup', { description: 'Look up an incident' }, async () => {
  // ok: MCP402
  throw new ProtocolError(-32_022, 'Unsupported protocol version', { supported: ['2026-07-28'], requested: 'x' });
});

// ok: MCP402
export const HEADER_MISMATCH = -32020;
// ok: MCP402
export const missingCapability = { code: -32021, message: 'Missing required client capability' };
// ok: MCP402
export const invalidParams = { code: -32602, message: 'Resource not found', data: { uri: 'incident://1' } };
// ok: MCP402
export const appError = new ProtocolError(4290, 'Daily quota exceeded');

export function closed() {
  // ok: MCP402
  return new McpError(ErrorCode.ConnectionClosed, 'Connection closed');
}

export enum LocalCodes {
  // ok: MCP402
  ConnectionClosed = -32000,
  // ok: MCP402
  RequestTimeout = -32001,
}

// ok: MCP402
export const PORT = 32050;
// ok: MCP402
export const offset = -32050;

export function transportError(push: (event: object) => void, error: string) {
  // ok: MCP402
  push({ type: 'transport_error', data: { error, code: -32000 } });
}

export function isNotFound(err: { code: number }) {
  // ok: MCP402
  return err.code === ProtocolErrorCode.InvalidParams || err.code === -32601;
}

export function classify(classifyProtocolSpecError: (code: number) => string | null) {
  // ok: MCP402
  return classifyProtocolSpecError(-32000);
}

// A test states the code the server (here, the SDK) answers with; the server is what emits it.
export async function rejectsLargeBodies(response: Response) {
  // ok: MCP402
  expect(await response.json()).toMatchObject({ error: { code: -32000, message: expect.stringContaining('too large') } });
}

// The bounds of the JSON-RPC server-error range are not codes anything emits.
// ok: MCP402
export const SERVER_ERROR_START = -32000;
// ok: MCP402
export const SERVER_ERROR_END = -32099;

// Another JSON-RPC protocol's error object carries that protocol's codes (A2A).
export function a2aError() {
  // ok: MCP402
  return new A2AError(-32050, 'Task not cancelable');
}
