// A mock remote server for the integration tests of a proxy.
export class MockRemote {
  handle(msg: { id: number; method: string }) {
    // ok: MCP202
    if (msg.method === 'tools/list') {
      // expect: MCP403, MCP404
      return { jsonrpc: '2.0', id: msg.id, result: { tools: [] } };
    }
    if (msg.method === 'tools/call') {
      // expect: MCP403
      return { jsonrpc: '2.0', id: msg.id, result: { content: [] } };
    }
    return undefined;
  }
}
