// Traps: modern era detection, and codes that are not the draft numbers' meanings.
import { Client } from '@modelcontextprotocol/client';
import { ProtocolErrorCode } from '@modelcontextprotocol/client';

type Send = (method: string) => Promise<unknown>;
const MODERN_ERRORS = [-32020, -32021, -32022];

export async function probe(send: Send, connectLegacy: () => Promise<unknown>) {
  try {
    return await send('server/discover');
  } catch (err: any) {
    // ok: MCP205
    if (MODERN_ERRORS.includes(err.code)) throw err;
    return connectLegacy();
  }
}

export async function stayModern(send: Send, legacyHandshake: () => Promise<unknown>) {
  try {
    return await send('server/discover');
  } catch (err: any) {
    // ok: MCP205
    if (err.code !== -32022) return legacyHandshake();
    throw err;
  }
}

export async function completions(client: Client) {
  try {
    return await client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } });
  } catch (err: any) {
    // ok: MCP205
    if (err.code === ProtocolErrorCode.MethodNotFound) return { completion: { values: [] } };
    throw err;
  }
}

export function sessionGone(res: { status(n: number): { json(b: object): void } }) {
  // ok: MCP205
  res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
}

export enum SdkCodes {
  ConnectionClosed = -32000,
  // ok: MCP205
  RequestTimeout = -32001,
}

// ok: MCP205
export const QUOTA_EXCEEDED = -32004;

export function scopeError() {
  // ok: MCP205
  return { code: -32003, message: 'Insufficient scope for this tool' };
}

export function isTimeout(err: { code: number }) {
  // ok: MCP205
  return err.code === -32001;
}

export function finalCodes() {
  // ok: MCP205
  return { headerMismatch: -32020, missingCapability: -32021, unsupportedVersion: -32022 };
}

// -32001 next to credentials is an "unauthorized" code, not the draft header mismatch, even
// though the message names a header.
export function unauthorized(res: { status(n: number): { json(b: unknown): void } }) {
  // ok: MCP205
  res.status(401).json({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Missing Authorization header' } });
}

export function mismatch(res: { status(n: number): { json(b: unknown): void } }) {
  // expect: MCP205
  res.status(400).json({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Mcp-Method header mismatch' } });
}
