// 2025-era clients keep their handshake and methods here. Under --target dual the server-side
// legacy handlers, and what only they run, are notes; everything else keeps its level.
import type { IncomingMessage, ServerResponse } from 'node:http';

let clientInfo: unknown;

export function dispatchLegacy(msg: { id: number; method: string; params?: any }) {
  switch (msg.method) {
    // expect: MCP201
    // expect-dual: MCP201=note
    case 'initialize':
      // expect: MCP201
      // expect-dual: MCP201=note
      clientInfo = msg.params.clientInfo;
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      // expect: MCP204
      // expect-dual: MCP204=note
      // ok: MCP403
      return { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'desk', version: '4' } };
    // expect: MCP201
    // expect-dual: MCP201=note
    case 'notifications/initialized':
      return undefined;
    // expect: MCP301
    // expect-dual: MCP301=note
    case 'ping':
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      // ok: MCP403
      return {};
    // expect: MCP302
    // expect-dual: MCP302=note
    case 'logging/setLevel':
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      // ok: MCP403
      return {};
    default:
      return { clientInfo };
  }
}

export function staleSession(req: IncomingMessage, res: ServerResponse) {
  // expect: MCP102
  // expect-dual: MCP102=note
  const sid = req.headers['mcp-session-id'];
  if (sid !== undefined) res.writeHead(404).end();
}

export async function notifyPeer(url: URL, sid: string) {
  // The client side of the header is not a handler a server keeps: it stays an error.
  // expect: MCP102
  await fetch(url, { method: 'POST', headers: { 'Mcp-Session-Id': sid } });
}
