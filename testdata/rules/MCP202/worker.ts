// A worker that answers requests posted to it; the switch is on `data.method`.
declare const self: { onmessage: (e: { data: { id: number; method: string } }) => void; postMessage(m: unknown): void };

self.onmessage = (event) => {
  const data = event.data;
  // expect: MCP202
  switch (data.method) {
    case 'prompts/list':
      // expect: MCP403, MCP404
      self.postMessage({ jsonrpc: '2.0', id: data.id, result: { prompts: [] } });
      break;
    case 'resources/list':
      // expect: MCP403, MCP404
      self.postMessage({ jsonrpc: '2.0', id: data.id, result: { resources: [] } });
      break;
  }
};
