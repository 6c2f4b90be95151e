// A ping that is a statement of its own is removed with its line (unsafe: it no longer throws there).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

export async function refresh(client: Client) {
  const { tools } = await client.listTools();
  return tools;
}
