// Traps: stores keyed by other things, the stateless transport setting, sessions in words only.
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

// ok: MCP101
const byUser = new Map<string, string[]>();
// ok: MCP101
const tokens: Record<string, number> = {};
// ok: MCP101
const inflight = new Map<string, AbortController>();
// Own handles that a tool returns and later tools take: the modern replacement.
// ok: MCP101
const carts = new Map<string, string[]>();

export function register(server: McpServer) {
  server.registerTool('get_cart_item', { description: 'Look up an item in a cart' }, async ({ cartId, item }, extra) => {
    carts.get(cartId)?.push(item);
    byUser.set(extra.authInfo?.clientId ?? 'anon', [item]);
    tokens[extra.authInfo?.token ?? ''] = Date.now();
    inflight.set(String(extra.requestId), new AbortController());
    return { content: [{ type: 'text', text: 'ok' }] };
  });
}

const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({
    // The stateless setting.
    // ok: MCP101
    sessionIdGenerator: undefined,
  });
  // ok: MCP101
  const loginSessions = new Map<string, string>();
  const userSessionId = req.get('x-user-session') ?? '';
  loginSessions.set(userSessionId, 'seen');
  // ok: MCP101
  console.log('session ended', userSessionId);
  await transport.handleRequest(req, res, req.body);
});

// A log line about sessions, and an object literal with a session word as a key.
// ok: MCP101
const labels = { sessionId: 'Session' };
// ok: MCP101
const help = 'sessionIdGenerator: undefined keeps the server stateless';
export { labels, help };
