// Fixture: suppressions that suppress nothing because they are malformed.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';

export function handler(req: { headers: Record<string, string> }) {
  // expect: MCP001
  // mcpshift-ignore: MCP102
  const a = req.headers['mcp-session-id']; // expect: MCP102
  // expect: MCP001
  // mcpshift-ignore: -- no rule named
  const b = req.headers['mcp-session-id']; // expect: MCP102
  // ok: MCP001
  // mcpshift-ignore: MCP102 -- the v1 dashboard still sends it
  const c = req.headers['mcp-session-id'];
  // ok: MCP001
  const note = 'mcpshift-ignore: MCP102 inside a string is not a suppression';
  return [a, b, c, note];
}
