// A mock remote server for the integration tests of a proxy.
export class MockRemote {
  handle(msg: { id: number; method: string }) {
    // ok: MCP202
    // A 2025 server played by a test helper: what it answers is what clients must accept.
    if (msg.method === 'tools/list') {
      // ok: MCP403, MCP404
      return { jsonrpc: '2.0', id: msg.id, result: { tools: [] } };
    }
    if (msg.method === 'tools/call') {
      // ok: MCP403
      return { jsonrpc: '2.0', id: msg.id, result: { content: [] } };
    }
    return undefined;
  }
}
