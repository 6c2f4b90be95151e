// The roots change notification call is removed with its line (unsafe: pass paths as tool arguments).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

const roots: string[] = [];

export async function addFolder(client: Client, uri: string) {
  roots.push(uri);
  await client.sendRootsListChanged();
}
