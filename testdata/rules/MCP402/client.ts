// Fixture: a client branching on codes inside the reserved and legacy sub-ranges.
import { Client } from '@modelcontextprotocol/client';
import { QUOTA_EXCEEDED } from './server.js';

export async function call(client: Client) {
  try {
    return await client.callTool({ name: 'charge', arguments: {} });
  } catch (err) {
    const e = err as { code: number };
    // expect: MCP402
    if (e.code === -32050) return 'quota';
    // expect: MCP402
    if (e.code === -32000) return 'session expired, reconnect';
    switch (e.code) {
      // expect: MCP402
      case -32080:
        return 'custom';
      default:
        throw err;
    }
  }
}

// expect: MCP402
const SESSION_GONE = -32005;

export function expired(error: { code: number }) {
  // expect: MCP402
  return error.code === SESSION_GONE || QUOTA_EXCEEDED === 0;
}
