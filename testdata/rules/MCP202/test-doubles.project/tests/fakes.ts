// A fake transport the client tests talk to: it stands in for a server the project does not
// own, in a test directory.
export class FakeTransport {
  sent: unknown[] = [];

  async send(request: { id: number; method: string }) {
    this.sent.push(request);
    // ok: MCP202
    switch (request.method) {
      case 'tools/list':
        // A double that plays a 2025 server answers in the 2025 shape, which clients must
        // still accept: not a finding of MCP403 or MCP404.
        // ok: MCP403, MCP404
        return { jsonrpc: '2.0', id: request.id, result: { tools: [] } };
      case 'prompts/list':
        // ok: MCP403, MCP404
        return { jsonrpc: '2.0', id: request.id, result: { prompts: [] } };
    }
    return undefined;
  }
}
