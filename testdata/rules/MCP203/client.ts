// v2 clients that stay in the legacy era.
import { Client } from '@modelcontextprotocol/client';
import { Client as McpClient } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export async function connect(url: URL) {
  // expect: MCP203
  const client = new Client({ name: 'ops-console', version: '3.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

export function withCapabilities() {
  // expect: MCP203
  return new Client({ name: 'agent', version: '1.0.0' }, { capabilities: { sampling: {} } });
}

export function pinnedLegacy() {
  // expect: MCP203
  return new Client({ name: 'agent', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
}

const options = { capabilities: { elicitation: {} } };
// expect: MCP203
export const aliased = new McpClient({ name: 'alias', version: '1.0.0' }, options);

export class Console {
  private client = new Client({ name: 'console', version: '1' }); // expect: MCP203
}

// A variable of the same name elsewhere that opts in does not opt this one in.
export function plain() {
  // expect: MCP203
  const client = new Client({ name: 'plain', version: '1' });
  return client;
}

export function negotiatedElsewhere(client: Client) {
  client.setVersionNegotiation({ mode: 'auto' });
}
