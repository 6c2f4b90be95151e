// Fixture: clients that read the server's capability object wrongly (TypeScript, SDK v1 and v2).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import isEmpty from 'lodash/isEmpty';
import _ from 'lodash';

export async function setup(client: Client, uri: string) {
  const caps = client.getServerCapabilities();
  if (!caps) return;

  // expect: MCP501
  const hasResources = caps.resources !== undefined && Object.keys(caps.resources).length > 0;

  // expect: MCP501
  if (_.isEmpty(caps.tools)) console.log('no tools');

  // expect: MCP501
  if (JSON.stringify(caps.prompts) !== '{}') console.log('prompts');

  // expect: MCP501
  if (isEmpty(client.getServerCapabilities()?.completions)) console.log('no completions');

  // expect: MCP501
  if (caps.logging === true) console.log('logging');

  // expect: MCP501, MCP303
  if (caps?.resources) await client.subscribeResource({ uri });

  // expect: MCP501, MCP303
  caps.resources?.listChanged && (await client.subscribeResource({ uri }));

  // expect: MCP501
  if (caps.tools?.listChanged) {
    const { tools } = await client.listTools();
    console.log(tools.length, hasResources);
  }
}

export function features(capabilities: ServerCapabilities) {
  // expect: MCP501
  const hasTools = capabilities.tools?.listChanged === true;
  // expect: MCP501
  const promptKeys = Object.entries(capabilities.prompts ?? {}).length;
  return { hasTools, promptKeys };
}

export async function raw(send: (m: object) => Promise<void>, init: { capabilities: ServerCapabilities }) {
  const serverCaps = init.capabilities;
  // expect: MCP501
  if (serverCaps.resources) {
    // expect: MCP303
    await send({ jsonrpc: '2.0', id: 7, method: 'resources/subscribe', params: { uri: 'file:///a' } });
  }
}

export function clientSide(server: { getClientCapabilities(): { roots?: object; sampling?: object } | undefined }) {
  // expect: MCP501, MCP201
  return Object.keys(server.getClientCapabilities()?.sampling ?? {}).length === 0 ? 'no sampling' : 'sampling';
}

export class RootsAware {
  #clientCapabilities: { roots?: { listChanged?: boolean } } | undefined;
  #server!: { listRoots(): Promise<{ roots: unknown[] }> };

  async onConnect() {
    // Roots inferred from `listChanged`: a client that declared `roots: {}` is never asked.
    // expect: MCP501
    if (this.#clientCapabilities?.roots?.listChanged) {
      // expect: MCP305
      const roots = await this.#server.listRoots();
      return roots.roots;
    }
    return [];
  }
}
