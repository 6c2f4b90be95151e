// Fixture: the Mcp-Session-Id header read, set and exposed by servers (TypeScript, SDK v1 and v2).
import express from 'express';
import cors from 'cors';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const app = express();

app.use(
  cors({
    // expect: MCP102
    exposedHeaders: ['Mcp-Session-Id'],
    // expect: MCP102
    allowedHeaders: ['Content-Type', 'mcp-session-id', 'MCP-Protocol-Version'],
  }),
);

app.post('/mcp', async (req, res) => {
  // expect: MCP102
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  // expect: MCP102
  const viaHelper = req.header('Mcp-Session-Id');
  // expect: MCP102
  res.setHeader('Mcp-Session-Id', sessionId ?? 'new');
  // expect: MCP102
  res.set({ 'MCP-SESSION-ID': viaHelper });
  // ok: MCP102
  res.setHeader('MCP-Protocol-Version', '2026-07-28');
});

// Hono, after the v2 codemod.
export function hono(c: { req: { header(name: string): string | undefined } }) {
  // expect: MCP102
  return c.req.header('mcp-session-id');
}

// v2 context: header read through ctx.http
export function fromContext(ctx: { http?: { req?: { headers: Record<string, string> } } }) {
  // expect: MCP102
  return ctx.http?.req?.headers['mcp-session-id'];
}

// A fetch-style handler answering with the header on its Response.
export function answer(sid: string) {
  // expect: MCP102
  return new Response(null, { status: 202, headers: { 'Mcp-Session-Id': sid } });
}

// A CORS configuration that lists the header among others.
export const DEFAULT_CORS = {
  // expect: MCP102, MCP103
  allowHeaders: 'Content-Type, Accept, Authorization, Mcp-Session-Id, Last-Event-ID',
  // expect: MCP102
  exposeHeaders: 'Content-Type, Mcp-Session-Id',
};

// Handlers that lean on the request context's session id (SDK v1 `extra`, v2 `ctx`, FastMCP
// `context`): a 2026-07-28 request carries none.
export function registerSessionTools(server: {
  tool(name: string, cb: (args: object, extra: { sessionId?: string }) => Promise<object>): void;
  registerTool(name: string, cb: (args: object, ctx: { sessionId?: string }) => Promise<object>): void;
}, counters: Map<string, number>) {
  server.tool('whoami', async (_args, extra) => {
    // expect: MCP102
    return { content: [{ type: 'text', text: `session ${extra.sessionId}` }] };
  });
  server.registerTool('count', async (_args, ctx) => {
    // expect: MCP102
    const id = ctx.sessionId ?? 'none';
    // expect: MCP101
    return { content: [{ type: 'text', text: String(counters.get(id) ?? 0) }] };
  });
}
