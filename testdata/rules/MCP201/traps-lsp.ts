// Traps: the Language Server Protocol has an `initialize` request too; its params carry no
// `protocolVersion`, and the file speaks no MCP.
export function lspInitialize(rootUri: string) {
  return {
    jsonrpc: '2.0',
    id: 1,
    // ok: MCP201
    method: 'initialize',
    params: { processId: process.pid, rootUri, capabilities: {}, clientInfo: { name: 'editor', version: '1.0.0' } },
  };
}
