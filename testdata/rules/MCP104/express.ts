// Express, Koa, Fastify and Hono servers that keep the standalone stream and session end.
import express, { type Request, type Response } from 'express';
import Router from '@koa/router';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

declare const transport: NodeStreamableHTTPServerTransport;
declare const authMiddleware: express.RequestHandler;

const app = express();
const MCP_PATH = '/api/mcp';

// The handlers the routes below name are reported where they are defined, too.
// expect: MCP104
const mcpGetHandler = async (req: Request, res: Response) => {
  await transport.handleRequest(req, res);
};

// expect: MCP104
async function mcpDeleteHandler(req: Request, res: Response) {
  await transport.close();
  res.status(204).end();
}

// expect: MCP104
app.get('/mcp', mcpGetHandler);
// expect: MCP104
app.delete('/mcp', authMiddleware, mcpDeleteHandler);
// expect: MCP104
app.get(MCP_PATH, async (req, res) => {
  if (!req.headers.authorization) {
    res.status(405).end();
    return;
  }
  await transport.handleRequest(req, res);
});
// expect: MCP104
app.route('/v2/mcp').get(mcpGetHandler);

const router = new Router();
// expect: MCP104
router.del('/mcp', async (ctx) => {
  await transport.close();
  ctx.status = 204;
});

const fastify = Fastify();
fastify.route({
  // expect: MCP104
  method: ['GET', 'POST', 'DELETE'],
  url: '/mcp',
  handler: async (request, reply) => {
    await transport.handleRequest(request.raw, reply.raw, request.body);
  },
});

const hono = new Hono();
// expect: MCP104
hono.get('/mcp', (c) => transport.handleRequest(c.req.raw as never, c.res as never));
// expect: MCP104
hono.on('DELETE', '/mcp', async (c) => c.body(null, 204));

const config = { endpoint: '/rpc' };
// expect: MCP104
app.get(config.endpoint, (req, res) => transport.handleRequest(req, res));

// A route that delegates to a same-file function which still opens the stream for some clients.
async function streamOr405(req: Request, res: never) {
  if (!req.headers.get('accept')?.includes('text/event-stream')) {
    return new Response(null, { status: 405 });
  }
  return transport.handleRequest(req as never, res);
}
// expect: MCP104
hono.get('/mcp', (c) => streamOr405(c.req.raw, c.res as never));
