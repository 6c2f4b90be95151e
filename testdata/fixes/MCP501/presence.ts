// Capability tests become presence tests, and a subscription is guarded by `subscribe`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

export async function decide(client: Client, uri: string) {
  const caps = client.getServerCapabilities() ?? {};
  const hasResources = caps.resources !== undefined && Object.keys(caps.resources).length > 0;
  if (_.isEmpty(caps.tools)) console.log('no tools');
  if (JSON.stringify(caps.prompts) !== '{}') console.log('prompts');
  if (caps.logging === true) console.log('logging');
  if (caps?.resources) await client.subscribeResource({ uri });
  if (caps.tools?.listChanged) {
    const { tools } = await client.listTools();
    console.log(tools.length, hasResources);
  }
  return Object.keys(caps.completions ?? {}).length === 0 ? 'no completions' : 'completions';
}

declare const _: { isEmpty(value: unknown): boolean };
