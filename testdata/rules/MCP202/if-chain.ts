// An if chain on the method inside a Cloudflare-style fetch handler.
export default {
  async fetch(request: Request): Promise<Response> {
    const body = (await request.json()) as { id: number; method: string; params?: any };
    // expect: MCP202
    if (body.method === 'prompts/list') {
      // expect: MCP403, MCP404
      return Response.json({ jsonrpc: '2.0', id: body.id, result: { prompts: [{ name: 'summarize' }] } });
    }
    if (body.method === 'prompts/get') {
      // expect: MCP403
      return Response.json({ jsonrpc: '2.0', id: body.id, result: { messages: [] } });
    }
    return Response.json({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } }, { status: 404 });
  },
};
