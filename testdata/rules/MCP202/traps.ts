// Traps: a dispatcher that handles discover, capability checks and client-side switches.
import { Client } from '@modelcontextprotocol/client';

type Msg = { id: number; method: string; params?: any };

export function dispatch(msg: Msg) {
  // ok: MCP202
  switch (msg.method) {
    case 'server/discover':
      return { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private' };
    case 'tools/list':
      return { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'private' };
    case 'tools/call':
      return { resultType: 'complete', content: [] };
  }
  return undefined;
}

export function assertCapability(method: string, caps: { tools?: object; prompts?: object }) {
  // ok: MCP202
  switch (method) {
    case 'tools/list':
    case 'tools/call':
      if (!caps.tools) throw new Error(`Server does not support tools (required for ${method})`);
      break;
    case 'prompts/list':
      if (!caps.prompts) throw new Error(`Server does not support prompts (required for ${method})`);
      break;
  }
}

export async function replay(client: Client, method: string, params: any) {
  // ok: MCP202
  switch (method) {
    case 'tools/list':
      await client.listTools();
      return null;
    case 'tools/call':
      await client.callTool({ name: params.name, arguments: params.arguments });
      return null;
  }
  return 'not replayable';
}

export const labels = {
  // ok: MCP202
  'tools/list': 'List tools',
  'tools/call': 'Call a tool',
};

export async function runMethod(client: Client, args: { method: string; name?: string }) {
  let result: unknown;
  // ok: MCP202
  if (args.method === 'tools/list') {
    result = { tools: (await client.listTools()).tools };
  } else if (args.method === 'tools/call') {
    result = { content: (await client.callTool({ name: args.name ?? '' })).content };
  }
  return result;
}
