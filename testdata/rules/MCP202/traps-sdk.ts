// Traps: servers on an SDK are not hand-rolled dispatchers.
import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'sdk', version: '2.0.0' }, { capabilities: { tools: {} } }); // expect: MCP203

// ok: MCP202
server.setRequestHandler('tools/list', async () => ({ tools: [] }));
// ok: MCP202
server.setRequestHandler('tools/call', async () => ({ content: [] }));

export function clientSide(msg: { method: string }) {
  // ok: MCP202
  switch (msg.method) {
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' };
    case 'roots/list':
      return { roots: [] };
  }
  return undefined;
}

export function sendAll(emit: (m: object) => void) {
  // ok: MCP202
  emit({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  emit({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } });
}
