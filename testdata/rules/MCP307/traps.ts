// Traps: URL-mode elicitation in the modern form, lookalike numbers, unrelated identifiers.
import { inputRequired, McpServer } from '@modelcontextprotocol/server';

export function register(server: McpServer) {
  server.registerTool('link_github', { description: 'Link a GitHub account' }, async () =>
    inputRequired({
      // ok: MCP307
      inputRequests: { github: inputRequired.elicitUrl({ url: 'https://hub.example/oauth', message: 'Authorize' }) },
    }),
  );
}

// ok: MCP307
export const PORT = 32042;
// ok: MCP307
export const offset = -32041;
// ok: MCP307
export const elicitationLabel = 'elicitationId';

export function track(elicitationsSeen: number) {
  // ok: MCP307
  const elicitationIdCount = elicitationsSeen + 1;
  // ok: MCP307
  return { mode: 'url', url: 'https://hub.example', message: 'Authorize', elicitationIdCount };
}

// ok: MCP307
console.log('notifications/elicitation/complete was removed');
