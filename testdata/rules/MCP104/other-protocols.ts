// Traps: HTTP servers and clients with no MCP in them, and names that only contain the letters.
import express from 'express';

const app = express();
const server = { handleRequest(req: unknown, res: unknown) { void req; void res; } };
const config = { eventsPath: '/events', sessionPath: '/session' };

// A handler that passes the request on is not an MCP transport outside MCP code.
// ok: MCP104
app.get(config.eventsPath, (req, res) => server.handleRequest(req, res));

// ok: MCP104
app.delete(config.sessionPath, (req, res) => server.handleRequest(req, res));

export function memcpyLike(systemCPUTime: number) {
  // ok: MCP104
  return fetch('/metrics', { headers: { Accept: 'text/event-stream' }, body: String(systemCPUTime) });
}

// ok: MCP104
export const stream = new EventSource('/notifications');

// The endpoint named for MCP is the MCP endpoint wherever it is served.
// expect: MCP104
app.get('/mcp', (req, res) => server.handleRequest(req, res));
