// A minimal server on the TypeScript SDK 1.x (`@modelcontextprotocol/sdk`), written the way its
// README shows: Streamable HTTP with sessions, or stdio. It speaks only the 2025 protocol.
// Usage: node ts-sdk-v1.mjs http PORT | node ts-sdk-v1.mjs stdio
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

function build() {
  const server = new McpServer({ name: 'probe-ts-v1', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes its input' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  server.registerResource('readme', 'file:///README', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'hello' }],
  }));
  return server;
}

const [transport, port] = process.argv.slice(2);
if (transport === 'stdio') {
  await build().connect(new StdioServerTransport());
} else {
  const sessions = new Map();
  createServer(async (req, res) => {
    let session = sessions.get(req.headers['mcp-session-id']);
    if (!session) {
      session = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, session),
      });
      await build().connect(session);
    }
    await session.handleRequest(req, res);
  }).listen(Number(port), '127.0.0.1');
}
