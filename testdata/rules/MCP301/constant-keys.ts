// A hand-written server names the JSON-RPC keys with constants (computed keys).
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

const JSONRPC_KEY = 'jsonrpc';
const KEY_METHOD = 'method';
const KEY_ID = 'id';
const PING = 'ping';

export async function keepalive(transport: Transport) {
  const request = { [JSONRPC_KEY]: '2.0', [KEY_ID]: 1, [KEY_METHOD]: PING }; // expect: MCP301
  await transport.send(request as never);
}

export function describe(keyName: string) {
  return { [keyName]: 'ping', [KEY_ID]: 2 }; // ok: MCP301
}
