// A wrapper of the serving entry: what its callers pass as `factory` is served.
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';

export function createMount(path: string, factory: () => McpServer) {
  return { path, handler: createMcpHandler(factory) };
}

// A helper that takes a factory but connects what it builds by hand.
export async function connectByHand(factory: () => McpServer, transport: never) {
  await factory().connect(transport);
}
