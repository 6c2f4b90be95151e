// Session ids recognised by flow, and server-minted handles that are not protocol sessions.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';

// The app's own API sessions: a handle it mints and returns in a JSON body.
// ok: MCP101
const apiSessions = new Map<string, { created: number }>();
export function openApiSession(body: { sessionId?: string }) {
  const sessionId = randomUUID();
  apiSessions.set(sessionId, { created: Date.now() });
  const { sessionId: requested } = body;
  return apiSessions.get(requested ?? sessionId);
}

// A raw server that mints the id and hands it out as the session header.
// expect: MCP101
const rawSessions = new Map<string, { level: string }>();
export function initialize(res: { setHeader(name: string, value: string): void }) {
  const sid = randomUUID();
  rawSessions.set(sid, { level: 'info' });
  // expect: MCP102
  res.setHeader('Mcp-Session-Id', sid);
}

// Destructured from the handler context.
// expect: MCP101
const progress = new Map<string, number>();
export function register(server: McpServer) {
  server.registerTool('get_progress', { description: 'Read progress' }, async (_args, extra) => {
    const { sessionId } = extra;
    return { content: [{ type: 'text', text: String(progress.get(sessionId ?? '') ?? 0) }] };
  });
}

// The stateless branch of a proxy: the callback never runs and does nothing.
export function stateless() {
  return new StreamableHTTPServerTransport({
    // ok: MCP101
    onsessioninitialized: () => {},
    // ok: MCP101
    sessionIdGenerator: undefined,
  });
}

// A store passed in as a parameter is reported where it is declared, not in the helper.
// expect: MCP101
const live: Record<string, { transportName: string }> = {};
export function track(store: Record<string, { transportName: string }>, sessionId: string) {
  // ok: MCP101
  store[sessionId] = { transportName: 'http' };
  live[sessionId] = { transportName: 'http' };
}
