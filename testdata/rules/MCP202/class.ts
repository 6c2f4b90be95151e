// A class-based dispatcher whose arms delegate to methods that build the results.
interface Incoming {
  id: number;
  method: string;
  params?: Record<string, unknown>;
}

function toolsResult() {
  return { tools: [{ name: 'grep', inputSchema: { type: 'object' } }] };
}

function callResult(name: unknown) {
  return { content: [{ type: 'text', text: `called ${String(name)}` }], isError: false };
}

export class Router {
  route(req: Incoming) {
    // expect: MCP202
    switch (req.method) {
      case 'tools/list':
        return toolsResult();
      case 'tools/call':
        return callResult(req.params?.name);
      case 'completion/complete':
        // expect: MCP403
        return { completion: { values: [] } };
    }
    throw new Error(`unknown method ${req.method}`);
  }
}
