// A smoke test that posts the handshake by hand, with no SDK import: the envelope itself, an
// `initialize` whose params carry a `protocolVersion`, says the file speaks MCP.
export async function probe(baseUrl: string, requested: string) {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      // expect: MCP201
      method: 'initialize',
      params: { protocolVersion: requested, capabilities: {}, clientInfo: { name: 'smoke', version: '1.0.0' } },
      id: 1,
    }),
  });
  return res.status;
}
