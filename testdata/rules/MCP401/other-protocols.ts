// Traps: a language-server client with no MCP in it. −32002 is LSP's ServerNotInitialized.
export const ErrorCodes = {
  ParseError: -32700,
  // ok: MCP401
  ServerNotInitialized: -32002,
  UnknownErrorCode: -32001,
};

export function retryable(error: { code: number }): boolean {
  // ok: MCP401
  return error.code === -32002;
}

export function rejectEarly(id: number) {
  // ok: MCP401
  return { jsonrpc: '2.0', id, error: { code: -32002, message: 'Server not initialized' } };
}

// Named for a missing resource, the constant is this code wherever it stands.
// expect: MCP401
export const RESOURCE_NOT_FOUND = -32002;
