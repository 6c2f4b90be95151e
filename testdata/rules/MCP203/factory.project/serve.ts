// Wrappers that build each request's instance from the factory they are given and serve it
// through the handler's factory, from a store.
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { AsyncLocalStorage } from 'node:async_hooks';

type Factory = () => Promise<McpServer>;

const current = new AsyncLocalStorage<McpServer>();

const servingLeg = ({ createServer }: { createServer: Factory }) => {
  const handler = createMcpHandler(() => current.getStore() as McpServer);
  return async (request: Request) => {
    const server = await createServer();
    return current.run(server, () => handler(request));
  };
};

// Hands its own option on to the leg: what its callers pass as `createServer` is served.
export const startServer = ({ createServer, port }: { createServer: Factory; port: number }) => {
  return { port, leg: servingLeg({ createServer }) };
};

// Takes a factory too, but connects what it builds by hand.
export async function startByHand({ createServer }: { createServer: Factory }, transport: never) {
  const server = await createServer();
  await server.connect(transport);
}
