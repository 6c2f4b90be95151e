// Traps: the tasks extension, task objects of the application, unrelated words.
import { Client } from '@modelcontextprotocol/client';

export const client = new Client(
  { name: 'studio', version: '2.0.0' },
  // ok: MCP306
  { capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } }, versionNegotiation: { mode: 'auto' } },
);

export async function poll(taskId: string) {
  // ok: MCP306
  const task = await client.request({ method: 'tasks/get', params: { taskId } });
  // ok: MCP306
  await client.request({ method: 'tasks/cancel', params: { taskId } });
  return task;
}

// ok: MCP306
export const result = { resultType: 'task', task: { taskId: 't1', status: 'working' } };

// ok: MCP306
client.callTool({ name: 'add_todo', arguments: { task: 'buy milk', due: 'today' } });

// A client whose `callTool(name, args)` takes the tool's arguments second: `task` is one of
// them, a string or a number, never the 2025 parameter (an object).
// ok: MCP306
await connection.callTool('explain-sampling', { task: 'summarize' });
// ok: MCP306
await connection.callTool('retry', { task: 3 });

export class TaskStore {
  // ok: MCP306
  private tasks = new Map<string, string>();
  list() {
    // ok: MCP306
    return [...this.tasks.values()];
  }
}

// ok: MCP306
console.log('tasks/list and tasks/result are gone in 2026-07-28');

// ok: MCP306
export const route = '/api/tasks/list';

export interface TestServerConfig {
  // ok: MCP306
  taskStore?: InMemoryTaskStore;
}
declare class InMemoryTaskStore {}

export function modernPath(sent: string[], expect: (v: unknown) => { not: { toContain(x: string): void } }) {
  // ok: MCP306
  expect(sent).not.toContain('tasks/result');
}

export function metaIsGone(meta: Record<string, unknown>, expect: (v: unknown) => { toBeUndefined(): void }) {
  // ok: MCP306
  expect(meta['io.modelcontextprotocol/related-task']).toBeUndefined();
}

// An option switched off sends nothing and declares nothing.
// ok: MCP306
await client.callTool({ name: 'add', arguments: {} }, undefined, { task: undefined });
// ok: MCP306
export const quiet = { capabilities: { tasks: undefined, tools: {} } };

// A tool that forbids task execution already behaves as a 2026-07-28 tool does.
export const plainTool = {
  name: 'render_thumbnail',
  inputSchema: { type: 'object' },
  // ok: MCP306
  execution: { taskSupport: 'forbidden' },
};
