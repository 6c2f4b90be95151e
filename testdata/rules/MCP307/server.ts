// Fixture: the 2025 URL-elicitation flow on a server (v1 and v2 spellings, raw errors).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';

const server = new McpServer({ name: 'hub', version: '1.5.0' });
const pending = new Map<string, string>();

server.registerTool('link_github', { description: 'Link a GitHub account' }, async () => {
  const elicitationId = randomUUID();
  pending.set(elicitationId, 'github');
  // expect: MCP307
  throw new UrlElicitationRequiredError([
    // expect: MCP307
    { mode: 'url', elicitationId, url: `https://hub.example/oauth?state=${elicitationId}`, message: 'Authorize' },
  ]);
});

export async function oauthCallback(state: string) {
  // expect: MCP307
  const notify = server.server.createElicitationCompletionNotifier(state);
  await notify();
}

export function rawError(id: number) {
  // expect: MCP307
  return { jsonrpc: '2.0', id, error: { code: -32_042, message: 'URL elicitation required' } };
}

// expect: MCP307
export const URL_REQUIRED = -32042;

export function isUrlRequired(err: { code: number }) {
  // expect: MCP307
  if (err.code === URL_REQUIRED) return true;
  // expect: MCP307
  return err instanceof McpError && err.code === ErrorCode.UrlElicitationRequired;
}
