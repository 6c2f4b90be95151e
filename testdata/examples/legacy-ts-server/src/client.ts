// Smoke-test client used by `npm run smoke` and by the deploy pipeline.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema, type Resource, type Tool } from '@modelcontextprotocol/sdk/types.js';

async function listAllTools(client: Client): Promise<Tool[]> {
  let page = await client.listTools();
  const tools = [...page.tools];
  let cursor = page.nextCursor;
  while (cursor) {
    page = await client.listTools({ cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  }
  return tools;
}

async function listAllResources(client: Client): Promise<Resource[]> {
  const resources: Resource[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    resources.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor);
  return resources;
}

async function main(): Promise<void> {
  const url = new URL(process.argv[2] ?? 'http://localhost:3000/mcp');
  const client = new Client({ name: 'acme-billing-smoke', version: '0.9.2' });

  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    console.log(`resource changed: ${n.params.uri}`);
  });

  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);

  const started = Date.now();
  await client.ping();
  console.log(`ping ok in ${Date.now() - started} ms`);

  const caps = client.getServerCapabilities();
  if (!caps) throw new Error('server sent no capabilities');

  if (caps.logging) {
    await client.setLoggingLevel('info');
  }

  const tools = await listAllTools(client);
  console.log(`tools (${tools.length}): ${tools.map((t) => t.name).join(', ')}`);

  const hasResources = caps.resources !== undefined && Object.keys(caps.resources).length > 0;
  if (hasResources) {
    const resources = await listAllResources(client);
    console.log(`resources: ${resources.length}`);
  } else {
    console.log('server has no resources');
  }

  const watched = 'invoice://in_smoke_test';
  if (caps?.resources) await client.subscribeResource({ uri: watched });

  const customer = await client.callTool({ name: 'lookup_customer', arguments: { email: 'smoke@acme.example' } });
  console.log(JSON.stringify(customer.content));

  await client.unsubscribeResource({ uri: watched });
  await transport.terminateSession();
  await client.close();
}

main().catch((err) => {
  console.error('smoke test failed:', err);
  process.exit(1);
});
