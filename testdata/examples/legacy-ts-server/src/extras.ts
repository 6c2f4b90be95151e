import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

// The desktop client tells servers when the open workspace folders change.
export async function onWorkspaceChange(client: Client) {
  await client.sendRootsListChanged();
}

// Long-running exports report progress as 2025 task status notifications.
export async function reportExport(server: McpServer, taskId: string) {
  await server.server.notification({
    method: 'notifications/tasks/status',
    params: { taskId, status: 'working' },
  });
}

// Payment confirmation happens in the browser.
export function needsBrowser(url: string): never {
  throw new McpError(ErrorCode.UrlElicitationRequired, 'Confirm the payment in your browser', { url });
}

// Beta tools are switched on for the connection that asks for them.
export function registerBetaTools(server: McpServer) {
  const beta = server.registerTool(
    'beta_search',
    { description: 'Search the beta index', annotations: { readOnlyHint: true } },
    async () => ({ content: [{ type: 'text', text: 'no results' }] }),
  );
  beta.disable();
  server.registerTool(
    'enable_beta',
    { description: 'Turn on the beta tools', annotations: { idempotentHint: true } },
    async () => {
      beta.enable();
      server.sendToolListChanged();
      return { content: [{ type: 'text', text: 'beta tools enabled' }] };
    },
  );
}
