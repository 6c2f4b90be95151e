// Operator console: lists what the incident desk offers, shows an incident and
// follows changes to it. Usage: node dist/client.js <server-url> <incident-id>
import { createInterface } from 'node:readline/promises';
import {
  Client,
  ProtocolError,
  ProtocolErrorCode,
  StreamableHTTPClientTransport,
  type Tool,
} from '@modelcontextprotocol/client';

async function allTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return tools;
}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(`${question} `);
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const url = new URL(process.argv[2] ?? 'http://localhost:32002/mcp');
  const incidentId = process.argv[3];

  const client = new Client(
    { name: 'incident-console', version: '2.1.0' },
    { capabilities: { elicitation: {} }, versionNegotiation: { mode: 'auto' } },
  );

  // Questions a tool asks through input_required end up here; the SDK retries the call.
  client.setRequestHandler('elicitation/create', async (request) => {
    const params = request.params;
    if (!('requestedSchema' in params)) return { action: 'decline' };
    console.error(params.message);
    const content: Record<string, string | boolean> = {};
    for (const [field, schema] of Object.entries(params.requestedSchema.properties)) {
      const isFlag = schema.type === 'boolean';
      const answer = (await ask(`  ${field}${isFlag ? ' [y/N]' : ''}:`)).trim();
      content[field] = isFlag ? /^y(es)?$/i.test(answer) : answer;
    }
    return { action: 'accept', content };
  });

  await client.connect(new StreamableHTTPClientTransport(url));
  console.error(`connected (${client.getProtocolEra()} era)`);

  const caps = client.getServerCapabilities() ?? {};
  if (caps.tools !== undefined) {
    const tools = await allTools(client);
    console.log(tools.map((t) => `${t.name}${t.annotations?.readOnlyHint ? ' (read-only)' : ''}`).join('\n'));
  }

  if (!incidentId) return;
  const uri = `incident://${incidentId}`;

  try {
    const { contents } = await client.readResource({ uri });
    console.log(contents.map((c) => ('text' in c ? c.text : '')).join('\n'));
  } catch (err) {
    if (err instanceof ProtocolError && err.code === ProtocolErrorCode.InvalidParams) {
      const data = err.data as { uri?: string } | undefined;
      console.error(`no incident at ${data?.uri ?? uri}`);
      return;
    }
    throw err;
  }

  if (caps.resources?.subscribe === true) {
    client.setNotificationHandler('notifications/resources/updated', async (n) => {
      if (n.params.uri !== uri) return;
      const { contents } = await client.readResource({ uri });
      console.log('updated:', contents.map((c) => ('text' in c ? c.text : '')).join('\n'));
    });
    const subscription = await client.listen({ resourceSubscriptions: [uri] });
    console.error(`following ${uri}; press Ctrl-C to stop`);
    process.once('SIGINT', () => void subscription.close());
    console.error(`stream closed: ${await subscription.closed}`);
  }

  await client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
