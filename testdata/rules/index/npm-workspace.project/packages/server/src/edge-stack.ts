// The handlers behind the route shells.
import type { Request, Response } from 'express';

// ok: MCP104
export async function handlePost(req: Request, res: Response) {
  res.json(await answer(req.body));
}

// expect: MCP104
export async function dispatchGet(req: Request, res: Response, trace?: string) {
  await handleGetStream(req, res, trace);
}

// expect: MCP104
async function handleGetStream(req: Request, res: Response, trace?: string) {
  res.writeHead(200, { 'content-type': 'text/event-stream', traceparent: trace ?? '' });
}

// expect: MCP104
export async function handleDelete(req: Request, res: Response) {
  res.status(204).end();
}

// ok: MCP104
export function getHeader(req: Request, name: string): string | undefined {
  return req.get(name);
}

// ok: MCP104
export async function handleDeleteUser(req: Request, res: Response) {
  res.status(204).end();
}

declare function answer(body: unknown): Promise<unknown>;
