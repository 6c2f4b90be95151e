// A minimal server on the TypeScript SDK 2.x (`@modelcontextprotocol/server` and
// `@modelcontextprotocol/node`): 2026-07-28 only (`modern`), or both eras (`dual`).
// Usage: node ts-sdk-v2.mjs http PORT modern|dual | node ts-sdk-v2.mjs stdio modern|dual
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function build() {
  const server = new McpServer({ name: 'probe-ts-v2', version: '2.0.0' });
  server.registerTool('echo', { description: 'Echoes its input' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  server.registerResource('readme', 'file:///README', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'hello' }],
  }));
  return server;
}

const [transport, ...rest] = process.argv.slice(2);
if (transport === 'stdio') {
  serveStdio(build, { legacy: rest[0] === 'dual' ? 'serve' : 'reject' });
} else {
  const handler = createMcpHandler(build, { legacy: rest[1] === 'dual' ? 'stateless' : 'reject' });
  createServer(toNodeHandler(handler)).listen(Number(rest[0]), '127.0.0.1');
}
