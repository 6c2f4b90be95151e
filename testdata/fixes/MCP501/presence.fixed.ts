// Capability tests become presence tests, and a subscription is guarded by `subscribe`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

export async function decide(client: Client, uri: string) {
  const caps = client.getServerCapabilities() ?? {};
  const hasResources = caps.resources !== undefined;
  if (caps.tools === undefined) console.log('no tools');
  if (caps.prompts !== undefined) console.log('prompts');
  if (caps.logging !== undefined) console.log('logging');
  if (caps?.resources?.subscribe === true) await client.subscribeResource({ uri });
  if (caps.tools !== undefined) {
    const { tools } = await client.listTools();
    console.log(tools.length, hasResources);
  }
  return caps.completions === undefined ? 'no completions' : 'completions';
}

declare const _: { isEmpty(value: unknown): boolean };
