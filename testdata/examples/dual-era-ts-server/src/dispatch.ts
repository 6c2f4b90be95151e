// JSON-RPC dispatch for both protocol eras.
//
// A request whose params carry `_meta["io.modelcontextprotocol/protocolVersion"]` (or that is
// `server/discover`) is modern and is answered statelessly. Anything else comes from a
// 2025-era client; those still get their handshake and the methods that revision had.
import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { callTool, readResource, TOOLS } from './catalog.js';

export const SUPPORTED_VERSIONS = ['2026-07-28'];
const FIRST_MODERN_VERSION = '2026-07-28';
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const SERVER_INFO = { name: 'parcel-desk', version: '4.0.1' };
const CAPABILITIES: ServerCapabilities = { tools: {}, resources: {} };

const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

export type Era = 'modern' | 'legacy';

export interface Message {
  jsonrpc: '2.0';
  id?: string | number;
  method: string;
  params?: { _meta?: Record<string, unknown>; [key: string]: unknown };
}

export type Result = { resultType: 'complete' } & Record<string, unknown>;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

export function eraOf(msg: Message): Era {
  if (msg.method === 'server/discover') return 'modern';
  return typeof msg.params?._meta?.[PROTOCOL_VERSION_KEY] === 'string' ? 'modern' : 'legacy';
}

/** Methods both eras have, with results that carry the fields the modern revision requires. */
async function dispatchShared(msg: Message): Promise<Result> {
  switch (msg.method) {
    case 'tools/list':
      return { resultType: 'complete', tools: TOOLS, ttlMs: 600_000, cacheScope: 'public' };

    case 'tools/call': {
      const name = String(msg.params?.name ?? '');
      const args = (msg.params?.arguments ?? {}) as Record<string, unknown>;
      return { resultType: 'complete', ...(await callTool(name, args)) };
    }

    case 'resources/read': {
      const uri = String(msg.params?.uri ?? '');
      const contents = readResource(uri);
      if (!contents) throw new RpcError(INVALID_PARAMS, `Resource ${uri} not found`, { uri });
      return { resultType: 'complete', contents, ttlMs: 60_000, cacheScope: 'private' };
    }

    default:
      throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${msg.method}`, undefined, 404);
  }
}

/** Returns undefined for notifications, which get 202 Accepted and no body. */
export async function dispatchModern(msg: Message): Promise<Result | undefined> {
  if (msg.id === undefined) return undefined;

  if (msg.method !== 'server/discover') {
    const requested = String(msg.params?._meta?.[PROTOCOL_VERSION_KEY]);
    if (!SUPPORTED_VERSIONS.includes(requested)) {
      throw new RpcError(UNSUPPORTED_PROTOCOL_VERSION, 'Unsupported protocol version', { supported: SUPPORTED_VERSIONS, requested }, 400);
    }
  }

  switch (msg.method) {
    case 'server/discover':
      return {
        resultType: 'complete',
        supportedVersions: SUPPORTED_VERSIONS,
        capabilities: CAPABILITIES,
        instructions: 'Parcel tracking and delivery slot booking.',
        ttlMs: 3_600_000,
        cacheScope: 'public',
        _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
      };
    default:
      return dispatchShared(msg);
  }
}

/** 2025-era clients: handshake, keep-alive, log level and subscriptions as that revision had them. */
export async function dispatchLegacy(msg: Message): Promise<Result | undefined> {
  switch (msg.method) {
    case 'initialize': {
      const requested = String(msg.params?.protocolVersion ?? '');
      if (requested === '' || requested >= FIRST_MODERN_VERSION) {
        throw new RpcError(INVALID_PARAMS, 'Unsupported protocol version', { supported: SUPPORTED_VERSIONS, requested });
      }
      // Tool and resource shapes did not change across the 2025 revisions: agree to the client's.
      return {
        resultType: 'complete',
        protocolVersion: requested,
        capabilities: CAPABILITIES,
        serverInfo: SERVER_INFO,
      };
    }

    case 'notifications/initialized':
      return undefined;

    case 'ping':
      return { resultType: 'complete' };

    case 'logging/setLevel':
      // This server never sends notifications/message; accept the level so clients that
      // always set one do not fail their setup.
      return { resultType: 'complete' };

    case 'resources/subscribe':
    case 'resources/unsubscribe':
      // No change notifications are pushed; clients that subscribe anyway re-read the parcel.
      return { resultType: 'complete' };

    default:
      if (msg.id === undefined) return undefined;
      return dispatchShared(msg);
  }
}
