// A dual-era TypeScript server: the branch an era check gives the legacy era, and what the
// project marks as kept for 2025 peers, are notes under --target dual.
import { createMcpHandler, isLegacyRequest, McpServer } from '@modelcontextprotocol/server';

export const modern = createMcpHandler(() => new McpServer({ name: 'dual', version: '2.0.0' }));

export async function route(request: Request, legacy: { fetch(r: Request): Promise<Response>; quota(): unknown }) {
  if (await isLegacyRequest(request)) {
    // expect: MCP402
    // expect-dual: MCP402=note
    return Response.json({ jsonrpc: '2.0', id: 1, error: { code: -32050, message: 'quota' } });
  }
  // expect: MCP402
  return Response.json({ jsonrpc: '2.0', id: 1, error: { code: -32051, message: 'quota' } });
}

export function elicit(ctx: { era: 'legacy' | 'modern' }) {
  if (ctx.era === 'legacy') {
    // expect: MCP307
    // expect-dual: MCP307=note
    return { mode: 'url', url: 'https://example.com', elicitationId: 'e-1' };
  }
  return undefined;
}

/**
 * @deprecated 2025-11-25 wire vocabulary; kept importable for interoperability only.
 */
// expect: MCP306
// expect-dual: MCP306=note
export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

/** @deprecated Deprecated as of protocol version 2026-07-28. */
// expect: MCP402
export const QUOTA_ERROR = { code: -32052, message: 'quota' };
