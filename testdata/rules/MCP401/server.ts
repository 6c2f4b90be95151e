// Fixture: servers that emit the 2025 resource-not-found code (TypeScript, SDK v1 and v2).
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

// expect: MCP401
export const RESOURCE_NOT_FOUND = -32002;

export enum AppError {
  // expect: MCP401
  NotFound = -32_002,
  Forbidden = -32001,
}

export const CODES = {
  // expect: MCP401
  missingResource: -0x7d02,
  busy: -32005,
};

export function register(server: McpServer, files: Map<string, string>) {
  server.registerResource('file', new ResourceTemplate('file://{name}', { list: undefined }), {}, async (uri, { name }) => {
    const text = files.get(String(name));
    if (text === undefined) {
      // expect: MCP401
      throw new McpError(-32002, `no such file ${uri.href}`, { uri: uri.href });
    }
    return { contents: [{ uri: uri.href, text }] };
  });
}

// A hand-written JSON-RPC error body.
export function notFoundBody(id: number, uri: string) {
  // expect: MCP401
  return { jsonrpc: '2.0', id, error: { code: -32002, message: 'Resource not found', data: { uri } } };
}

export function v2NotFound(uri: string): never {
  // expect: MCP401
  throw new ProtocolError(ProtocolErrorCode.ResourceNotFound, 'missing', { uri });
}

export function byConstant(uri: string): never {
  // The emission through the constant is covered by its definition above.
  // ok: MCP401
  throw new McpError(RESOURCE_NOT_FOUND, 'missing', { uri });
}
