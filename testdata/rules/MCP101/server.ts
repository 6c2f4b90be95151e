// Fixture: state kept on the protocol session (TypeScript, SDK v1 and the v2 spellings).
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

// expect: MCP101
const transports: { [sessionId: string]: StreamableHTTPServerTransport } = {};
// expect: MCP101
const byId = new Map<string, Transport>();
// expect: MCP101
const v2Transports: Record<string, NodeStreamableHTTPServerTransport> = {};
// Untyped, but filled with the transport's session id.
// expect: MCP101
const lastSeen = {};
// Indexed by the header value.
// expect: MCP101
const carts: Record<string, string[]> = {};

const app = express();

app.post('/mcp', async (req, res) => {
  // expect: MCP102
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId && transports[sessionId]) {
    await transports[sessionId].handleRequest(req, res, req.body);
    return;
  }
  const transport = new StreamableHTTPServerTransport({
    // expect: MCP101
    sessionIdGenerator: () => randomUUID(),
    // expect: MCP101
    onsessioninitialized: (id) => {
      transports[id] = transport;
      byId.set(id, transport);
    },
    // expect: MCP101
    onsessionclosed: (id) => {
      delete transports[id];
    },
  });
  transport.onclose = () => {
    // expect: MCP102
    const sid = transport.sessionId;
    if (sid) lastSeen[sid] = Date.now();
  };
  // expect: MCP102
  carts[req.headers['mcp-session-id'] as string] ??= [];
  v2Transports[String(sessionId)] = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
});

export class Registry {
  // expect: MCP101
  private readonly budgets = new Map<string, number>();
  private readonly names = new Map<string, string>();

  register(server: McpServer) {
    // expect: MCP601
    server.registerTool('spend', { description: 'Spend from the budget' }, async (args, extra) => {
      // expect: MCP102
      const left = (this.budgets.get(extra.sessionId ?? 'anon') ?? 10) - 1;
      // expect: MCP102
      this.budgets.set(extra.sessionId ?? 'anon', left);
      this.names.set('last', 'spend');
      return { content: [{ type: 'text', text: String(left) }] };
    });
  }
}

// v2: `ctx.sessionId` survives the codemod.
// expect: MCP101
const preferences = new Map<string, string>();
export function remember(ctx: { sessionId?: string }, value: string) {
  // expect: MCP102
  const cacheKey = `${ctx.sessionId}:prefs`;
  preferences.set(cacheKey, value);
}
