// Fixture: client-side resumption.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

let token: string | undefined;

export async function callLong(client: Client) {
  return client.request(
    { method: 'tools/call', params: { name: 'build' } },
    {
      // expect: MCP103
      resumptionToken: token,
      // expect: MCP103
      onresumptiontoken: (t: string) => {
        token = t;
      },
    },
  );
}
