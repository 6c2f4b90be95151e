// A server on the json-rpc-2.0 package.
import { JSONRPCServer } from 'json-rpc-2.0';

const server = new JSONRPCServer();

// expect: MCP202
server.addMethod('tools/list', () => ({ tools: [] }));
server.addMethod('tools/call', ({ name }: { name: string }) => ({ content: [{ type: 'text', text: `ran ${name}` }] }));

export async function handle(body: unknown) {
  return server.receive(body as never);
}
