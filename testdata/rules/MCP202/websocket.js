// A WebSocket server in plain JavaScript with an inline handler table.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: 8080 });

const methods = {
  // expect: MCP202
  'tools/list': async () => ({ tools: [] }),
  'tools/call': async (params) => ({ content: [{ type: 'text', text: JSON.stringify(params) }] }),
};

wss.on('connection', (socket) => {
  socket.on('message', async (raw) => {
    const msg = JSON.parse(String(raw));
    const result = await methods[msg.method](msg.params);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
  });
});
