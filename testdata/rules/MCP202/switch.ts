// A hand-rolled stdio server: one switch over the method, no `server/discover`.
type Msg = { jsonrpc: '2.0'; id?: number; method: string; params?: any };

const TOOLS = [{ name: 'echo', inputSchema: { type: 'object' } }];

export function dispatch(msg: Msg) {
  // expect: MCP202
  switch (msg.method) {
    case 'tools/list':
      // expect: MCP403, MCP404
      return { jsonrpc: '2.0', id: msg.id, result: { tools: TOOLS } };
    case 'tools/call':
      // expect: MCP403
      return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: String(msg.params?.arguments?.text) }] } };
    default:
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
}
