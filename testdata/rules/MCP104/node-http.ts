// Node `http` servers that branch on the verb themselves.
import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

declare const transport: NodeStreamableHTTPServerTransport;
// expect: MCP101
declare const sessions: Map<string, NodeStreamableHTTPServerTransport>;

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/mcp') {
    // expect: MCP104
    if (req.method === 'GET') {
      await transport.handleRequest(req, res);
      return;
    }
    // expect: MCP104
    if (req.method === 'DELETE') {
      sessions.clear();
      res.writeHead(204).end();
      return;
    }
  }
  res.writeHead(404).end();
});

createServer(async (req, res) => {
  switch (req.method) {
    // expect: MCP104
    case 'GET':
      await transport.handleRequest(req, res);
      break;
    case 'POST':
      await transport.handleRequest(req, res);
      break;
    default:
      res.writeHead(405).end();
  }
});
