// Fixture: a server reacting to roots changes.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

export function watchRoots(server: McpServer, refresh: () => Promise<void>) {
  // expect: MCP304
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    await refresh();
  });
  // expect: MCP304
  server.server.setNotificationHandler('notifications/roots/list_changed', refresh);
}

export function route(message: { method: string }) {
  // expect: MCP304
  if (message.method === 'notifications/roots/list_changed') {
    return true;
  }
  return false;
}
