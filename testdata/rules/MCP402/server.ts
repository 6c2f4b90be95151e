// Fixture: error codes a server defines or emits inside the reserved and legacy sub-ranges.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Response } from 'express';

// expect: MCP402
export const QUOTA_EXCEEDED = -32050;
// expect: MCP402
export const ERR_ACCOUNT_LOCKED = -32_010;

export enum BillingErrorCode {
  // expect: MCP402
  CardDeclined = -32060,
  // expect: MCP402
  InvoiceMissing = -0x7D5A,
}

const server = new McpServer({ name: 'billing', version: '1.0.0' });

// expect: MCP601
server.registerTool('charge', { description: 'Charge a card' }, async () => {
  // expect: MCP402
  throw new McpError(-32099, 'Payment provider unavailable');
});

export function badRequest(res: Response, message: string) {
  // expect: MCP402
  res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

export function quota(limit: number) {
  return new McpError(QUOTA_EXCEEDED, `quota of ${limit} exceeded`);
}

export function rawError(id: number) {
  // expect: MCP402
  return { jsonrpc: '2.0', id, error: { code: -32_019, message: 'Rate limited' } };
}

// A code chosen by a condition is emitted whichever branch runs.
export function fail(res: Response, statusCode: number, message: string) {
  // expect: MCP402
  res.status(statusCode).json({ jsonrpc: '2.0', error: { code: statusCode === 500 ? -32603 : -32050, message }, id: null });
}
