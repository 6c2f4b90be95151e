// Clients that open the connection with the handshake themselves.
import { Client } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';

export async function handshake(transport: Transport, requested: string) {
  await transport.send({
    jsonrpc: '2.0',
    id: 0,
    // expect: MCP201
    method: 'initialize',
    params: { protocolVersion: requested, capabilities: {}, clientInfo: { name: 'probe', version: '1.0.0' } },
  });
  // expect: MCP201
  await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

export async function reinit(client: Client, requested: string) {
  // expect: MCP201
  return client.request({ method: 'initialize', params: { protocolVersion: requested, capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
}

export function rawBody(requested: string): string {
  // expect: MCP201
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: requested } });
}

async function rpc(url: URL, method: string, params: object): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return res.json();
}

export async function legacyHello(url: URL) {
  // expect: MCP201
  return rpc(url, 'initialize', { capabilities: {}, clientInfo: { name: 'c', version: '1' } });
}

// A hand-written client that runs the handshake itself.
export async function startBackend(transport: { initialize(): Promise<void>; request(m: string, p: unknown): Promise<unknown> }) {
  // expect: MCP201
  await transport.initialize();
  // expect: MCP201
  return transport.request('initialize', { capabilities: {} });
}
