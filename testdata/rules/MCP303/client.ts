// Fixture: clients subscribing to resource updates (v1 and v2 client, raw JSON-RPC).
import { Client } from '@modelcontextprotocol/client';

export async function watch(client: Client, uri: string) {
  // expect: MCP303
  await client.subscribeResource({ uri });
  // expect: MCP303
  return () => client.unsubscribeResource({ uri });
}

export async function watchWith(client: Client, params: { uri: string }) {
  // expect: MCP303
  await client.subscribeResource(params, { timeout: 5000 });
}

export async function rawSubscribe(send: (body: string) => Promise<void>, uri: string) {
  // expect: MCP303
  await send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/subscribe', params: { uri } }));
}
