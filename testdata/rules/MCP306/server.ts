// Fixture: a server on the 2025 core tasks API (v1 experimental tasks, raw dispatch).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { ListTasksRequestSchema, RELATED_TASK_META_KEY } from '@modelcontextprotocol/sdk/types.js';

export const server = new McpServer(
  { name: 'render', version: '1.0.0' },
  {
    // expect: MCP306
    capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
    // expect: MCP306
    taskStore: new InMemoryTaskStore(),
  },
);

// expect: MCP306
server.experimental.tasks.registerToolTask('render_video', { description: 'Render a video' }, {
  async createTask() {
    return { task: { taskId: 't1', status: 'working', ttl: 60000, createdAt: '', lastUpdatedAt: '' } };
  },
});

// expect: MCP306
server.server.setRequestHandler(ListTasksRequestSchema, async () => ({ tasks: [] }));

export const tools = [
  // expect: MCP306
  { name: 'render_video', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } },
];

export function dispatch(message: { method: string }) {
  switch (message.method) {
    // expect: MCP306
    case 'tasks/result':
      return { content: [] };
    // expect: MCP306
    case 'tasks/list':
      return { tasks: [] };
    default:
      return null;
  }
}

export function statusNotice(taskId: string) {
  return {
    jsonrpc: '2.0',
    // expect: MCP306
    method: 'notifications/tasks/status',
    // expect: MCP306
    params: { taskId, status: 'completed', _meta: { [RELATED_TASK_META_KEY]: { taskId } } },
  };
}
