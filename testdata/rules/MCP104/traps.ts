// Traps: 405 answers, other routes, and POSTs that accept both content types.
import express from 'express';
import { createServer } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { Hono } from 'hono';

declare const buildServer: () => never;
const handler = createMcpHandler(buildServer);
const app = express();

app.post('/mcp', toNodeHandler(handler));
// ok: MCP104
app.all('/mcp', toNodeHandler(handler));
// ok: MCP104
app.get('/mcp', (_req, res) => {
  res.status(405).set('Allow', 'POST').end();
});
// ok: MCP104
// expect: MCP402
app.delete('/mcp', (_req, res) => res.writeHead(405).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null })));
// ok: MCP104
app.get('/health', (_req, res) => res.json({ ok: true }));
// ok: MCP104
app.get('/.well-known/oauth-protected-resource/mcp', (_req, res) => res.json({ resource: 'https://example.com/mcp' }));
// ok: MCP104
app.get('/mcp-docs', (_req, res) => res.redirect('/docs'));

const cache = new Map<string, string>();
// ok: MCP104
cache.get('/mcp');
// ok: MCP104
cache.delete('/mcp');

export async function call(url: URL, body: unknown) {
  // ok: MCP104
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  });
}

export function news() {
  // ok: MCP104
  return new EventSource('/api/news/stream');
}

// The app's own stream under an `/api/mcp/…` path, through a helper that adds a token.
declare function withToken(path: string): string;
export function elicitations() {
  // ok: MCP104
  return new EventSource(withToken('/api/mcp/elicitation/stream'));
}

export function download(url: URL) {
  // ok: MCP104
  return fetch(url, { method: 'GET', headers: { Accept: 'application/json' } });
}

createServer((req, res) => {
  // ok: MCP104
  if (req.method === 'GET' || req.method === 'DELETE') {
    res.writeHead(405, { Allow: 'POST' }).end();
    return;
  }
  // ok: MCP104
  if (req.method === 'GET' && req.url === '/metrics') {
    res.end('up 1');
  }
});

// A test stub whose GET answers a constant and nothing else: neither the SSE stream nor a
// session's end.
// ok: MCP104
app.get('/stub/mcp', () => 'ok');

// A Hono route that answers 405 through a method of the same file. (Its DELETE still tells
// clients their session ended: a 2026-07-28 server answers 405 there too.)
class EdgeServer {
  readonly #app = new Hono();

  routes(path: string) {
    // ok: MCP104
    this.#app.get('/mcp', async (c) => this.#rejectStream(c.req.raw));
    // expect: MCP104
    this.#app.delete('/mcp', async () => new Response(null, { status: 204 }));
    return path;
  }

  async #rejectStream(request: Request): Promise<Response> {
    if (!request.headers.get('accept')?.includes('text/event-stream')) {
      return new Response('Not Acceptable', { status: 406 });
    }
    return new Response('Method Not Allowed', { status: 405 });
  }
}
void EdgeServer;
