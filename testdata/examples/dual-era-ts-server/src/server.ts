import express, { type Request, type Response } from 'express';
import { dispatchLegacy, dispatchModern, eraOf, RpcError, type Message } from './dispatch.js';

const PORT = Number(process.env.PORT ?? 8787);

const app = express();
app.use(express.json({ limit: '256kb' }));

app.get('/health', (_req: Request, res: Response) => {
  res.json({ ok: true });
});

// Neither era gets a standalone stream here, and there is no session to delete.
app.get('/mcp', (_req: Request, res: Response) => {
  res.status(405).set('Allow', 'POST').end();
});
app.delete('/mcp', (_req: Request, res: Response) => {
  res.status(405).set('Allow', 'POST').end();
});

app.post('/mcp', async (req: Request, res: Response) => {
  const msg = req.body as Message;
  if (msg?.jsonrpc !== '2.0' || typeof msg.method !== 'string') {
    res.status(400).json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } });
    return;
  }

  const era = eraOf(msg);
  if (era === 'legacy') {
    // Version 3 of this service minted session ids and kept per-session state. That state is
    // gone; a 404 tells a 2025-era client still holding such an id to start over.
    const staleSession = req.header('mcp-session-id');
    if (staleSession !== undefined && msg.method !== 'initialize') {
      res.status(404).json({ jsonrpc: '2.0', id: msg.id ?? null, error: { code: -32600, message: 'Session expired' } });
      return;
    }
  }

  try {
    const result = era === 'modern' ? await dispatchModern(msg) : await dispatchLegacy(msg);
    if (result === undefined || msg.id === undefined) {
      res.status(202).end();
      return;
    }
    res.json({ jsonrpc: '2.0', id: msg.id, result });
  } catch (err) {
    const error =
      err instanceof RpcError
        ? { code: err.code, message: err.message, data: err.data }
        : { code: -32603, message: 'Internal error' };
    if (!(err instanceof RpcError)) console.error(`[mcp] ${msg.method} failed`, err);
    res.status(err instanceof RpcError ? err.httpStatus : 500).json({ jsonrpc: '2.0', id: msg.id ?? null, error });
  }
});

app.listen(PORT, () => {
  console.error(`parcel-desk on http://localhost:${PORT}/mcp`);
});
