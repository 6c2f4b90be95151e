// Traps: near-misses of −32002 that are not the resource-not-found code, and the dual-era form.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/client';

// A port, not an error code.
// ok: MCP401
const PORT = Number(process.env.PORT ?? 32002);

// ok: MCP401
const BIG = -320020;

// ok: MCP401
const INVALID_PARAMS = -32602;

/** Older servers answered -32002 for a missing resource. (a doc comment) */
export async function read(client: Client, uri: string) {
  try {
    return await client.readResource({ uri });
  } catch (err) {
    // The recommended dual-era check: both codes.
    // ok: MCP401
    if (err instanceof ProtocolError && (err.code === -32602 || err.code === -32002)) return null;
    throw err;
  }
}

export function classify(code: number): string {
  switch (code) {
    // ok: MCP401
    case -32002:
    case -32602:
      return 'missing';
    default:
      return 'failed';
  }
}

// ok: MCP401
export const mapCode = (code: number) => (code === -32_002 ? -32_602 : code);

export function isMissing(code: number): boolean {
  // ok: MCP401
  return [-32002, -32602].includes(code);
}

export function describe(code: number): string {
  // ok: MCP401
  if (code === -32002) return 'not found (legacy)';
  else if (code === ProtocolErrorCode.InvalidParams) return 'not found or bad params';
  return 'other';
}

export function messages() {
  // ok: MCP401
  console.log('error -32002 means resource not found');
  // ok: MCP401
  const cacheKey = 'rpc-error:-32002';
  // ok: MCP401
  throw new ResourceNotFoundError('file:///missing');
}

export function era(legacy: boolean) {
  // ok: MCP401
  return { code: legacy ? -32002 : -32602, message: 'Resource not found' };
}

// ok: MCP401
export const url = `http://localhost:${PORT}/mcp?retry=${BIG}&code=${INVALID_PARAMS}`;

// A test asserting that the code is no longer −32002 states the migrated behaviour.
it('answers a missing resource with invalid params', async () => {
  const err = await client.readResource({ uri: 'file:///missing' }).catch((e) => e);
  // ok: MCP401
  expect(err.code).not.toBe(-32002);
  // ok: MCP401
  assert.notEqual(err.code, -32002);
  // A test expecting −32002 relies on the legacy code.
  // expect: MCP401
  expect(err.code).toBe(-32002);
});

// An application's own code inside the data of an error sent as −32603: receivers read the
// error's code, not the data's.
export function blocked(tool: string) {
  return {
    code: -32603,
    message: `Tool '${tool}' is blocked`,
    // ok: MCP401
    data: { code: -32002, tool },
  };
}
export function timedOut(id: number) {
  // ok: MCP401
  return new ProtocolError(ProtocolErrorCode.InternalError, 'timed out', { code: -32002, requestId: id });
}
