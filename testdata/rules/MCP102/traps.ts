// Traps: mentions of the header that are not header handling.
// The Mcp-Session-Id header was removed in 2026-07-28. (a comment: not a finding)
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * Stops sending Mcp-Session-Id. (a doc comment)
 */
export function note() {
  // ok: MCP102
  console.log('the Mcp-Session-Id header is no longer sent');
  // ok: MCP102
  const mcpSessionIdHeaderRemoved = true;
  // ok: MCP102
  const key = 'mcp-session-id-cache';
  // ok: MCP102
  const label = `Mcp-Session-Id: ${key}`;
  // ok: MCP102
  const sessionId = crypto.randomUUID();
  // ok: MCP102
  const other = { sessionId: 'user-session' };
  return [mcpSessionIdHeaderRemoved, key, label, sessionId, other];
}

export function userSession(req: { session: { id: string } }) {
  // ok: MCP102
  return req.session.id;
}

export function notTransport(connection: { sessionId: string }) {
  // ok: MCP102
  return connection.sessionId;
}

// Tests that the server mints no session: what 2026-07-28 wants.
export function noSession(res: Response, reply: { headers: Record<string, string> }, assert: { equal(a: unknown, b: unknown): void; strictEqual(a: unknown, b: unknown): void }) {
  // ok: MCP102
  expect(res.headers.get('mcp-session-id')).toBeNull();
  // ok: MCP102
  expect(res.headers.get('Mcp-Session-Id')).toBeUndefined();
  // ok: MCP102
  expect(res.headers.get('mcp-session-id')).not.toBeDefined();
  // ok: MCP102
  assert.equal(res.headers.get('mcp-session-id'), null);
  // ok: MCP102
  assert.strictEqual(reply.headers['mcp-session-id'], undefined);
  // ok: MCP102
  expect(reply.headers['mcp-session-id']).toBeUndefined();
  // A headers object built without the header.
  // ok: MCP102
  expect(reply.headers).not.toHaveProperty('mcp-session-id');
  // That the server minted a given session relies on sessions.
  // expect: MCP102
  assert.strictEqual(reply.headers['mcp-session-id'], 'abc');
}

// A test that the streamable transport holds no session id, as a stateless one does.
export function noTransportSession(transport: StreamableHTTPClientTransport, first: string) {
  // ok: MCP102
  expect(transport.sessionId).toBeUndefined();
  // ok: MCP102
  expect(transport.sessionId).not.toBeDefined();
  // ok: MCP102
  assert.strictEqual(transport.sessionId, undefined);
  // ok: MCP102
  assert.equal(null, transport.sessionId);
  // A test that the session id is a given one relies on sessions.
  // expect: MCP102
  assert.strictEqual(transport.sessionId, first);
  // That a new session replaced the first one relies on sessions.
  // expect: MCP102
  expect(transport.sessionId).not.toBe(first);
}

// The transport's session id in a log line only.
export function logClose(transport: StreamableHTTPClientTransport, logger: { info(m: string): void }) {
  // ok: MCP102
  logger.info(`Transport closed for session: ${transport.sessionId}`);
  // expect: MCP102
  if (transport.sessionId) {
    // ok: MCP102
    console.log('closing', transport.sessionId);
  }
}

// The 2024-11-05 HTTP+SSE transport's session id is its `/message?sessionId=` routing key, not
// the header; MCP104 reports the transport itself.
export function legacySse(res: import('node:http').ServerResponse) {
  // expect: MCP104=note
  const transport = new SSEServerTransport('/message', res);
  // ok: MCP102
  return transport.sessionId;
}

// The same transport held in a variable declared by its type and assigned later.
export function legacySseLater(res: import('node:http').ServerResponse, id: string) {
  let transport: SSEServerTransport | undefined;
  if (!transport) {
    // expect: MCP104=note
    transport = new SSEServerTransport('/message', res);
  }
  // ok: MCP102
  return id === transport.sessionId;
}

// An application's own cookie that happens to share the header's name: not the header.
export function cookies(req: { cookies: Record<string, string> }, res: { cookie(n: string, v: string): void }) {
  // ok: MCP102
  res.cookie('mcp-session-id', 'abc');
  // ok: MCP102
  const options = { cookieName: 'mcp-session-id' };
  // ok: MCP102
  return [options, req.cookies['mcp-session-id']];
}

// An environment variable named like a Rust SDK's header constant: the constants are Rust's.
export function fromEnv(env: Record<string, string | undefined>) {
  // ok: MCP102
  return { upstreamSession: env.MCP_SESSION_ID, header: process.env.MCP_SESSION_ID_HEADER };
}

// A test that the server ignores a header the caller invents states the migrated behaviour.
it('ignores an Mcp-Session-Id the client invents', async () => {
  // ok: MCP102
  const res = await fetch('/mcp', { method: 'POST', headers: { 'mcp-session-id': 'invented' } });
  expect(res.status).toBe(200);
});

it('resumes the session', async () => {
  // expect: MCP102
  const res = await fetch('/mcp', { method: 'POST', headers: { 'mcp-session-id': 'saved' } });
  expect(res.status).toBe(200);
});

// A read that only goes into a log line changes nothing when the header stops coming.
export function logRequest(
  request: { get(name: string): string | undefined; headers: Record<string, string> },
  res: { setHeader(name: string, value?: string): void },
  logger: { debug(...a: unknown[]): void },
) {
  console.log('incoming', {
    method: request.get('Mcp-Method'),
    // ok: MCP102
    sessionId: request.get('Mcp-Session-Id'),
  });
  // ok: MCP102
  logger.debug(`session ${request.headers['mcp-session-id'] ?? 'none'}`);
  // ok: MCP102
  console.error('session: ' + request.get('mcp-session-id'));
  // A read kept in a variable may be used for more than the log line.
  // expect: MCP102
  const sid = request.get('mcp-session-id');
  console.log(sid);
  // A log line of what the server sets still sets it.
  // expect: MCP102
  console.log(res.setHeader('mcp-session-id', sid));
  return sid;
}

// A header list without the header, and a sentence that merely mentions it.
export const CORS = {
  // ok: MCP102
  allowHeaders: 'Content-Type, Accept, Authorization, X-Mcp-Session-Id-Hint',
  // ok: MCP102
  note: 'clients used to send Mcp-Session-Id, which is gone',
};

// A web framework's own session, and ids named alike that are not the request's session.
export function webSessions(req: { sessionId: string; session: { id: string } }, job: { sessionId: string }) {
  // ok: MCP102
  const a = req.sessionId;
  // ok: MCP102
  const b = req.session.id;
  // ok: MCP102
  const c = job.sessionId;
  return [a, b, c];
}
