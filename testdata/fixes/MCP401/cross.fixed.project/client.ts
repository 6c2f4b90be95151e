import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { RESOURCE_NOT_FOUND } from './codes.js';

export async function readOrNull(client: Client, uri: string) {
  try {
    return await client.readResource({ uri });
  } catch (err: any) {
    if (err.code === -32002 || err.code === -32602) return null;
    throw err;
  }
}
