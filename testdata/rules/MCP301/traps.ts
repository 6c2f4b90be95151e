// Traps: the word ping outside the protocol.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import Redis from 'ioredis';

export async function check(redis: Redis, server: McpServer) {
  // ok: MCP301
  await redis.ping();
  // ok: MCP301
  console.log('ping');
  server.registerTool(
    // ok: MCP301
    'ping',
    // ok: MCP301
    { description: 'ping the on-call engineer', annotations: { readOnlyHint: true } },
    async () => ({ content: [] }),
  );
  // ok: MCP301
  const pinger = { ping: () => 'pong' };
  // ok: MCP301
  return pinger.ping();
}

export function tool(args: { name: string }) {
  // ok: MCP301
  if (args.name === 'ping') {
    return true;
  }
  // ok: MCP301
  return { type: 'ping' };
}

// socket.io and WebSocket servers ping their own connections.
export function sockets(io: (server: unknown, opts: object) => unknown, httpServer: unknown) {
  // ok: MCP301
  io(httpServer, { pingInterval: 25_000, pingTimeout: 20_000 });
  // ok: MCP301
  return new WebSocketServer({ port: 8080, pingInterval: 30_000 });
}
declare class WebSocketServer {
  constructor(opts: object);
}

// The keep-alive switched off is already right; an interval of some other object is not a ping.
export const quiet = {
  ping: {
    // ok: MCP301
    enabled: false,
    // ok: MCP301
    intervalMs: undefined,
  },
  // ok: MCP301
  poll: { enabled: true, intervalMs: 5_000 },
};

// Switched off, an interval schedules nothing.
export const switchedOff = {
  ping: {
    // ok: MCP301
    enabled: false,
    // ok: MCP301
    intervalMs: 5_000,
  },
};

// A server that turns the removed requests away behaves as 2026-07-28 wants.
export function route(method: string, res: { status(code: number): { json(body: unknown): void } }) {
  if (
    [
      // ok: MCP301
      'ping',
      // ok: MCP302
      'logging/setLevel',
    ].includes(method)
  ) {
    return res.status(404).json({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' } });
  }
  // ok: MCP301, MCP201
  if (method === 'ping' || method === 'initialize') {
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `removed: ${method}`);
  }
  // A list whose branch answers the request still serves it.
  // expect: MCP301
  if (['ping'].includes(method)) {
    // expect: MCP403
    return res.status(200).json({ jsonrpc: '2.0', result: {} });
  }
}
