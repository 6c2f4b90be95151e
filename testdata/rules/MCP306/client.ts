// Fixture: a client augmenting calls with tasks and polling the removed methods.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';

export async function render(client: Client, file: string) {
  const created = await client.request({
    method: 'tools/call',
    // expect: MCP306
    params: { name: 'render_video', arguments: { file }, task: { ttl: 600_000 } },
  });
  // expect: MCP306
  const stream = client.experimental.tasks.callToolStream({ name: 'render_video', arguments: { file } }, CallToolResultSchema, {
    // expect: MCP306
    task: { ttl: 60_000 },
  });
  const meta = {
    // expect: MCP306
    'io.modelcontextprotocol/related-task': { taskId: 't1' },
  };
  return { created, stream, meta };
}

export function supportsTasks(client: Client, tool: { execution?: { taskSupport?: string } }) {
  const caps = client.getServerCapabilities();
  // expect: MCP306
  return caps?.tasks?.requests?.tools?.call !== undefined && tool.execution?.taskSupport === 'required';
}

export async function renderWith(client: Client, file: string, options: { ttl: number }) {
  // expect: MCP306
  return client.experimental.tasks.callToolStream({ name: 'render_video', arguments: { file } }, CallToolResultSchema, { task: options });
}
