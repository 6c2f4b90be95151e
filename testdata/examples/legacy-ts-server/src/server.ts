import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import cors from 'cors';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { BoundedEventStore, lastEventIdOf } from './eventStore.js';
import { registerBillingTools } from './tools.js';

const PORT = Number(process.env.PORT ?? 3000);
const ALLOWED_ORIGIN = process.env.ALLOWED_ORIGIN ?? 'http://localhost:5173';

const app = express();
app.use(express.json({ limit: '2mb' }));
app.use(
  cors({
    origin: ALLOWED_ORIGIN,
    exposedHeaders: ['Mcp-Session-Id'],
    allowedHeaders: ['Content-Type', 'Authorization', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'],
  }),
);

// One transport per connected agent, looked up by the session id the SDK mints.
const transports: { [sessionId: string]: StreamableHTTPServerTransport } = {};
const eventStore = new BoundedEventStore({ maxEventsPerStream: 500, maxAgeMs: 10 * 60_000 });

function buildServer(): McpServer {
  const server = new McpServer(
    { name: 'acme-billing', version: '0.9.2' },
    {
      capabilities: {
        logging: {},
        resources: { subscribe: true, listChanged: true },
      },
      instructions: 'Billing operations for Acme support agents. Amounts are in cents.',
    },
  );
  registerBillingTools(server);
  return server;
}

function badRequest(res: Response, message: string): void {
  res.status(400).json({
    jsonrpc: '2.0',
    error: { code: -32000, message },
    id: null,
  });
}

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;

  try {
    if (sessionId && transports[sessionId]) {
      await transports[sessionId].handleRequest(req, res, req.body);
      return;
    }

    if (!sessionId && isInitializeRequest(req.body)) {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore,
        onsessioninitialized: (newSessionId) => {
          console.log(`[mcp] session ${newSessionId} opened`);
          transports[newSessionId] = transport;
        },
      });

      transport.onclose = () => {
        const closed = transport.sessionId;
        if (closed && transports[closed]) {
          console.log(`[mcp] session ${closed} closed`);
          delete transports[closed];
        }
      };

      const server = buildServer();
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
      return;
    }

    badRequest(res, 'Bad Request: No valid session ID provided');
  } catch (err) {
    console.error('[mcp] error handling POST', err);
    if (!res.headersSent) {
      res.status(500).json({
        jsonrpc: '2.0',
        error: { code: -32603, message: 'Internal server error' },
        id: null,
      });
    }
  }
});

// Standalone SSE stream for server -> client notifications (resource updates, logs).
app.get('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId || !transports[sessionId]) {
    res.status(400).send('Invalid or missing session ID');
    return;
  }

  const resumeFrom = lastEventIdOf(req.headers);
  if (resumeFrom) {
    console.log(`[mcp] session ${sessionId} reconnecting after event ${resumeFrom}`);
  } else {
    console.log(`[mcp] session ${sessionId} opened notification stream`);
  }

  await transports[sessionId].handleRequest(req, res);
});

// Explicit session termination from the client.
app.delete('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId || !transports[sessionId]) {
    res.status(404).send('Session not found');
    return;
  }

  try {
    await transports[sessionId].handleRequest(req, res);
  } catch (err) {
    console.error(`[mcp] error terminating session ${sessionId}`, err);
    if (!res.headersSent) res.status(500).send('Error processing session termination');
  }
});

app.get('/healthz', (_req: Request, res: Response) => {
  res.json({ ok: true, sessions: Object.keys(transports).length });
});

const httpServer = app.listen(PORT, () => {
  console.log(`acme-billing MCP server listening on http://localhost:${PORT}/mcp`);
});

process.on('SIGINT', async () => {
  console.log('Shutting down, closing open sessions...');
  for (const sessionId in transports) {
    try {
      await transports[sessionId].close();
      delete transports[sessionId];
    } catch (err) {
      console.error(`Error closing transport for session ${sessionId}`, err);
    }
  }
  httpServer.close(() => process.exit(0));
});
