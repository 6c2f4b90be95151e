// A method-keyed handler table.
import type { Request, Response } from 'express';

async function listResources() {
  return { resources: [{ uri: 'file:///readme.md', name: 'readme' }] };
}

async function readResource(params: { uri: string }) {
  return { contents: [{ uri: params.uri, text: '# Readme' }] };
}

const handlers: Record<string, (params: any) => Promise<unknown>> = {
  // expect: MCP202
  'resources/list': listResources,
  'resources/read': readResource,
};

export async function rpc(req: Request, res: Response) {
  const handler = handlers[req.body.method];
  res.json({ jsonrpc: '2.0', id: req.body.id, result: await handler(req.body.params) });
}
