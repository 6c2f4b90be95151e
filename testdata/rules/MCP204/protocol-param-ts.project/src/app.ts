import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

import { DEFAULT_PROTOCOL_VERSION } from './constants.js';
import { Sessions } from './sessions.js';

export function openSessions(sessions: Sessions, info: { name: string }): string[] {
  return [
    sessions.createSession(info, '2025-06-18'), // expect: MCP204
    sessions.createSession(info, '2026-07-28'), // ok: MCP204
    sessions.createRecord(info, '2025-06-18'), // ok: MCP204
  ];
}

export function initializeRequest(_client: Client) {
  return { method: 'initialize', params: { protocolVersion: DEFAULT_PROTOCOL_VERSION } }; // expect: MCP201, MCP204
}
