import type { IncomingMessage } from 'node:http';
import { SESSION_HEADER, Methods, Headers } from '@acme/mcp-proto';
import * as proto from '@acme/mcp-proto';
import { onPing } from './handlers.js';

export function sessionOf(req: IncomingMessage) {
  // expect: MCP102
  return req.headers[SESSION_HEADER];
}

export function resumeFrom(req: IncomingMessage) {
  // expect: MCP103
  return req.headers[proto.Headers.LastEventId.toLowerCase()];
}

export async function dispatch(msg: { method: string }) {
  switch (msg.method) {
    // expect: MCP301
    case Methods.PING:
      return onPing();
    case Methods.LIST_TOOLS:
      return { tools: [], resultType: 'complete', ttlMs: 0, cacheScope: 'public' };
    // expect: MCP302
    case Methods.SET_LEVEL:
      return setLevel();
  }
  return Headers.ContentType;
}

// A parameter of the same name shadows the import.
export function headerNamed(req: IncomingMessage, SESSION_HEADER: string) {
  // ok: MCP102
  return req.headers[SESSION_HEADER];
}
