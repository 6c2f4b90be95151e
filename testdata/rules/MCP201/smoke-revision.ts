// The handshake posted by hand with a revision date: the date says the file speaks MCP.
export function initializeBody() {
  return JSON.stringify({
    jsonrpc: '2.0',
    // expect: MCP201
    method: 'initialize',
    // expect: MCP204
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'smoke', version: '1.0.0' } },
    id: 1,
  });
}
