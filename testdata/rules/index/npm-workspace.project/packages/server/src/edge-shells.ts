// Route shells: each hands the request on to a handler of its verb.
import type { Request, Response } from 'express';
import { handlePost, dispatchGet, getHeader, handleDelete, handleDeleteUser } from './edge-stack.js';

export async function onPost(req: Request, res: Response) {
  await handlePost(req, res);
}

// expect: MCP104
export const onGet = async (req: Request, res: Response) => {
  // `getHeader` says the verb but handles nothing: not where the request goes.
  const trace = getHeader(req, 'traceparent');
  await dispatchGet(req, res, trace);
};

// expect: MCP104
export async function onDelete(req: Request, res: Response) {
  // A method of another receiver may be anybody's.
  req.app.locals.cache.handleDelete(req.path);
  await handleDelete(req, res);
}

export async function onDeleteUser(req: Request, res: Response) {
  await handleDeleteUser(req, res);
}
