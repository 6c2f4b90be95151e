// Fixture: resource subscription handlers on the server (v1 schemas, v2 method strings, raw dispatch).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const watched = new Set<string>();

export function registerSubscriptions(server: McpServer) {
  // expect: MCP303
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    watched.add(request.params.uri);
    return {};
  });
  // expect: MCP303
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    watched.delete(request.params.uri);
    return {};
  });
}

export function registerV2(server: McpServer) {
  // expect: MCP303
  server.server.setRequestHandler('resources/subscribe', async () => ({}));
}

export function dispatch(message: { method: string; params: { uri: string } }) {
  switch (message.method) {
    // expect: MCP303
    case 'resources/subscribe':
      watched.add(message.params.uri);
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      return {}; // ok: MCP403
    // expect: MCP303
    case 'resources/unsubscribe':
      watched.delete(message.params.uri);
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      return {}; // ok: MCP403
    default:
      return undefined;
  }
}

// expect: MCP303
export type Subscription = SubscribeRequest['params'];

// A list of methods the server still serves, whatever its name says about others.
// expect: MCP303
export const SUPPORTED_METHODS = ['resources/subscribe', 'tools/list'];
