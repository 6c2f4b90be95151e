// A server that emits the 2025 resource-not-found code: each becomes -32602.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

export const RESOURCE_NOT_FOUND = -32002;

export enum AppError {
  NotFound = -32_002,
  Busy = -32005,
}

export function register(server: McpServer, files: Map<string, string>) {
  server.resource('file', 'file:///{name}', async (uri, { name }) => {
    const text = files.get(String(name));
    if (text === undefined) {
      throw new McpError(-32002, `no such file ${uri.href}`, { uri: uri.href });
    }
    return { contents: [{ uri: uri.href, text }] };
  });
}

export function notFoundBody(id: number, uri: string) {
  return { jsonrpc: '2.0', id, error: { code: -0x7d02, message: 'Resource not found', data: { uri } } };
}

export function v2NotFound(uri: string): never {
  throw new ProtocolError(ProtocolErrorCode.ResourceNotFound, 'missing', { uri });
}

export function byConstant(uri: string): never {
  throw new McpError(RESOURCE_NOT_FOUND, 'Resource not found', { uri });
}
