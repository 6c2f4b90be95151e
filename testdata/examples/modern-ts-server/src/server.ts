// incident-desk HTTP entry point.
//
// Changelog
// - 2.0.0: moved from protocol revision 2025-11-25 to 2026-07-28. The per-connection
//   transports, the Mcp-Session-Id bookkeeping and the replayable SSE stream are gone;
//   every POST is served on its own by createMcpHandler.
// - 2.1.0: escalation asks its questions through input_required rounds.
import cors from 'cors';
import express, { type Request, type Response } from 'express';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { buildServer } from './tools.js';

/** Port the on-prem load balancer forwards to; 32002 is reserved for us in the service registry. */
const PORT = Number(process.env.PORT ?? 32002);

/**
 * Serves MCP over Streamable HTTP. Clients do not initialize anything first: every request
 * carries its protocol version and capabilities in `_meta`, and `server/discover` is answered
 * by the handler for clients that want to look before they call.
 */
const handler = createMcpHandler(buildServer);

const app = express();

// Browser-based consoles need to send the per-request MCP headers. Nothing here exposes a
// session header (Mcp-Session-Id no longer exists in this protocol revision).
app.use(
  cors({
    origin: process.env.CONSOLE_ORIGIN ?? 'https://console.incident-desk.example',
    allowedHeaders: ['Content-Type', 'Authorization', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'],
  }),
);

app.get('/health', (_req: Request, res: Response) => {
  res.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
});

// Only POST carries MCP messages. There is no stream to open and no session to end.
app.get('/mcp', (_req: Request, res: Response) => {
  res.status(405).set('Allow', 'POST').end();
});
app.delete('/mcp', (_req: Request, res: Response) => {
  res.status(405).set('Allow', 'POST').end();
});

app.all('/mcp', toNodeHandler(handler));

const httpServer = app.listen(PORT, () => {
  console.error(`incident-desk listening on :${PORT}/mcp`);
});

process.on('SIGTERM', () => {
  httpServer.close(async () => {
    await handler.close();
    process.exit(0);
  });
});
