// Clients that open the 2025 standalone GET stream, and the old HTTP+SSE transport (notes).
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import axios from 'axios';

export async function listen(serverUrl: URL, sessionId: string) {
  // expect: MCP104
  return fetch(serverUrl, {
    method: 'GET',
    headers: { Accept: 'text/event-stream', 'x-trace': sessionId },
  });
}

export async function listenBuilt(url: URL) {
  const headers = new Headers();
  headers.set('Accept', 'text/event-stream');
  // expect: MCP104
  return fetch(url, { method: 'GET', headers });
}

export function watch() {
  // expect: MCP104
  return fetch('https://tools.example.com/mcp', { headers: { accept: 'text/event-stream' } });
}

export function watchAxios(base: string) {
  // expect: MCP104
  return axios.get(`${base}/mcp`, { headers: { Accept: 'text/event-stream' }, responseType: 'stream' });
}

export function browserStream(mcpUrl: string) {
  // expect: MCP104
  return new EventSource(mcpUrl);
}

declare function withToken(path: string): string;
export function browserStreamWithToken() {
  // expect: MCP104
  return new EventSource(withToken('/mcp'));
}

export function fallback(url: URL) {
  // expect: MCP104=note
  return new SSEClientTransport(url);
}

export function legacyServer(res: any) {
  // expect: MCP104=note
  return new SSEServerTransport('/messages', res);
}

export class StreamingTransport {
  constructor(
    private readonly _url: URL,
    private readonly _fetch?: typeof fetch,
  ) {}

  async openStream() {
    const headers = new Headers({ authorization: 'Bearer t' });
    headers.set('Accept', 'text/event-stream');
    // expect: MCP104
    return (this._fetch ?? fetch)(this._url, { method: 'GET', headers });
  }

  async send(body: unknown) {
    const headers = new Headers({ accept: 'application/json, text/event-stream' });
    // ok: MCP104
    return (this._fetch ?? fetch)(this._url, { method: 'POST', headers, body: JSON.stringify(body) });
  }
}
