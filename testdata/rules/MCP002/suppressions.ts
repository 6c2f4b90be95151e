// Fixture: suppressions that cover no finding.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';

export function handler(req: { headers: Record<string, string> }) {
  // expect: MCP002
  // mcpshift-ignore: MCP102 -- nothing on the next line reads the header any more
  const a = req.headers['authorization'];
  // ok: MCP002
  // mcpshift-ignore: MCP102 -- the v1 dashboard still sends it
  const b = req.headers['mcp-session-id'];
  return [a, b];
}
