// Fixture: clients that capture and resend the session id.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function call(url: string, body: unknown, sid?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      // expect: MCP102
      'Mcp-Session-Id': sid ?? '',
    },
    body: JSON.stringify(body),
  });
  // expect: MCP102
  return response.headers.get('mcp-session-id');
}

export function remember(transport: StreamableHTTPClientTransport) {
  // expect: MCP102
  localStorage.setItem('mcp', transport.sessionId ?? '');
}

export function adopt(transport: { sessionId?: string }, saved: string) {
  // Setting it by hand to skip the handshake is a use too.
  // expect: MCP102
  transport.sessionId = saved;
}

const HEADER = 'Mcp-Session-Id'; // expect: MCP102

export function resumeSession(url: URL, saved: string) {
  // expect: MCP102
  const transport = new StreamableHTTPClientTransport(url, { sessionId: saved });
  // ok: MCP102
  const fresh = new StreamableHTTPClientTransport(url, { sessionId: undefined });
  // expect: MCP102
  return [transport.terminateSession(), fresh];
}

// A test helper that posts with request headers: the header is sent.
declare function post(path: string, body: unknown, headers: Record<string, string>): Promise<Response>;
export async function resend(sid: string) {
  // expect: MCP102
  return post('/mcp', {}, { 'mcp-session-id': sid });
}

// A test that a legacy server mints a session relies on the header.
export function mintsSession(res: Response) {
  // expect: MCP102
  expect(res.headers.get('mcp-session-id')).not.toBeNull();
  // expect: MCP102
  expect(res.headers).toHaveProperty('mcp-session-id');
}

// Two clients get two sessions: a test that relies on the header.
export function sessionsDiffer(a: Response, b: Response) {
  // expect: MCP102
  expect(a.headers.get('mcp-session-id')).not.toBe(b.headers.get('mcp-session-id'));
}
