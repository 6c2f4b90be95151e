// Fixture: ping requests and handlers (TypeScript, v1 and v2 spellings, raw JSON-RPC).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export async function healthy(client: Client, server: Server) {
  // expect: MCP301
  await client.ping();
  // expect: MCP301
  await server.ping();
  // expect: MCP301
  server.setRequestHandler(PingRequestSchema, async () => ({}));
  // expect: MCP301
  server.setRequestHandler('ping', async () => ({}));
  // expect: MCP301
  return client.request({ method: 'ping' });
}

export function dispatch(message: { method: string; id: number }) {
  switch (message.method) {
    // expect: MCP301
    case 'ping':
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      return { jsonrpc: '2.0', id: message.id, result: {} }; // ok: MCP403
    default:
      return null;
  }
}

export function isPing(msg: { method: string }) {
  // expect: MCP301
  return msg.method === 'ping';
}

// expect: MCP301
const keepAlive = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

// An HTTP proxy option that pings every connected client on a timer.
export function proxy(startHTTPServer: (opts: object) => unknown, createServer: () => Server) {
  // expect: MCP301
  return startHTTPServer({ createServer, port: 8080, pingInterval: 30_000 });
}

// fastmcp's keep-alive option, by switching it on or by its interval (on by default over
// HTTP); one finding per option, on the switch when there is one.
export function fastmcpOptions() {
  return {
    name: 'Addition',
    ping: {
      // expect: MCP301
      enabled: true,
      // ok: MCP301
      intervalMs: 10_000,
    },
  };
}

export const fastmcpInterval = {
  name: 'Subtraction',
  ping: {
    // expect: MCP301
    intervalMs: 15_000,
  },
};
