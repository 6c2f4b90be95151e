// Traps: correct readings of capabilities, and emptiness checks on other things.
import { Client } from '@modelcontextprotocol/client';

export async function setup(client: Client, uri: string, items: string[]) {
  const caps = client.getServerCapabilities() ?? {};

  // ok: MCP501
  // expect: MCP303
  if (caps.resources?.subscribe === true) await client.subscribeResource({ uri });

  // ok: MCP501
  if ('resources' in caps) await client.listResources();

  // ok: MCP501
  if (caps.tools !== undefined) await client.listTools();

  // ok: MCP501
  if (caps.resources) await client.readResource({ uri });

  // A list-changed listener only where the server sends list changes: the correct use.
  // ok: MCP501
  if (caps.tools?.listChanged) {
    client.setNotificationHandler('notifications/tools/list_changed', async () => {
      await client.listTools();
    });
  }

  // ok: MCP501
  if (caps.resources && caps.resources.subscribe) {
    // expect: MCP303
    await client.subscribeResource({ uri });
  }

  // Emptiness of unrelated objects and lists.
  // ok: MCP501
  if (Object.keys(items).length > 0) console.log(items);
  const config = { tools: {} as Record<string, string> };
  // ok: MCP501
  if (Object.keys(config.tools).length === 0) console.log('no configured tools');
  // ok: MCP501
  const { tools } = await client.listTools();
  // ok: MCP501
  if (tools.length > 0 && Object.keys(tools[0].inputSchema).length > 0) console.log('schema');

  // The capability object as a whole, by presence.
  // ok: MCP501
  if (Object.keys(caps).length === 0) console.log('server advertises nothing');

  // ok: MCP501
  const hasToolList = caps.tools !== undefined;
  // ok: MCP501
  const toolsListChanged = caps.tools?.listChanged === true;
  return { hasToolList, toolsListChanged };
}

export class RootsListener {
  #clientCapabilities: { roots?: { listChanged?: boolean } } | undefined;

  // ok: MCP501
  watchRoots(on: (method: string, handler: () => void) => void, refresh: () => void) {
    // A roots list-changed listener only where the client sends list changes: the correct use.
    if (this.#clientCapabilities?.roots?.listChanged) {
      // expect: MCP304
      on('notifications/roots/list_changed', refresh);
    }
  }
}
