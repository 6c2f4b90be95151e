// Fixture: clients that parse, inspect or rewrite requestState (TypeScript).
import { Client } from '@modelcontextprotocol/client';

export async function deploy(client: Client, env: string) {
  const result = await client.callTool({ name: 'deploy', arguments: { env } });
  if (result.resultType === 'input_required' && result.requestState) {
    // expect: MCP602
    const step = JSON.parse(atob(result.requestState)).step;
    console.log(`deploy is waiting at step ${step}`);
  }
  return result;
}

export async function progress(client: Client) {
  const res = await client.callTool({ name: 'import_rows', arguments: {} });
  // expect: MCP602
  const [, counter] = res.requestState.split('.');
  return Number(counter);
}

export async function resumeFromDisk(client: Client, saved: { state: string }) {
  const response = await client.callTool({ name: 'migrate', arguments: {} });
  const raw = response.requestState ?? saved.state;
  // expect: MCP602
  return Buffer.from(raw, 'base64').toString('utf8');
}

export async function retryWithOwnState(client: Client, answers: Record<string, unknown>) {
  const first = await client.callTool({ name: 'book', arguments: { day: 'mon' } });
  const state = { step: 2, confirmed: true };
  return client.callTool({
    name: 'book',
    arguments: { day: 'mon' },
    inputResponses: answers,
    // expect: MCP602
    requestState: btoa(JSON.stringify(state)),
  });
}

export async function retryWithTweak(client: Client, answers: Record<string, unknown>) {
  const first = await client.callTool({ name: 'book', arguments: { day: 'tue' } });
  return client.callTool({
    name: 'book',
    arguments: { day: 'tue' },
    inputResponses: answers,
    // expect: MCP602
    requestState: `${first.requestState}.retry`,
  });
}

// Raw JSON-RPC client: reads the state from the response body.
export async function rawCall(url: string, body: unknown) {
  const reply = await (await fetch(url, { method: 'POST', body: JSON.stringify(body) })).json();
  // expect: MCP602
  if (reply.result.requestState.startsWith('v1.')) {
    return 'sealed';
  }
  return 'plain';
}
