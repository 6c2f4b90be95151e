// A TS v1 client: its SDK raises `ConnectionClosed` (-32000) itself, so a client that branches on
// it reads the SDK's local code, not a server's.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

export async function call(client: Client) {
  try {
    return await client.callTool({ name: 'x', arguments: {} });
  } catch (err) {
    const e = err as { code: number };
    // ok: MCP402
    if (e.code === -32000) return 'connection closed';
    // A code a server sends is still reported.
    // expect: MCP402
    if (e.code === -32050) return 'quota';
    throw err;
  }
}
