// Fixture: clients that recognise a missing resource by −32002 only (TypeScript).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { RESOURCE_NOT_FOUND } from './server.js';

export async function readOrNull(client: Client, uri: string) {
  try {
    return await client.readResource({ uri });
  } catch (err) {
    // expect: MCP401
    if (err instanceof McpError && err.code === -32002) return null;
    throw err;
  }
}

export function classify(code: number): string {
  switch (code) {
    // expect: MCP401
    case -32002:
      return 'missing';
    case -32601:
      return 'unsupported';
    default:
      return 'failed';
  }
}

export function isMissing(err: { code: number }): boolean {
  // expect: MCP401
  return err.code === RESOURCE_NOT_FOUND;
}

export function isMissingToo(err: { code: number }): boolean {
  // expect: MCP401
  return [-32002].includes(err.code);
}

export function notMissing(err: { code: number }): boolean {
  // expect: MCP401
  return -32002 !== err.code;
}
