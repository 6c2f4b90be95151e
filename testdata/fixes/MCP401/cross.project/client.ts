import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { RESOURCE_NOT_FOUND } from './codes.js';

export async function readOrNull(client: Client, uri: string) {
  try {
    return await client.readResource({ uri });
  } catch (err: any) {
    if (err.code === RESOURCE_NOT_FOUND) return null;
    throw err;
  }
}
