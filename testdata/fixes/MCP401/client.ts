// A client that recognises a missing resource by -32002 alone: each decision accepts -32602 too.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

const NOT_FOUND = -32002;

export async function readOrNull(client: Client, uri: string) {
  try {
    return await client.readResource({ uri });
  } catch (err) {
    if (err instanceof McpError && err.code === -32002) return null;
    throw err;
  }
}

export function classify(code: number): string {
  switch (code) {
    case -32002:
      return 'missing';
    case -32601:
      return 'unsupported';
    default:
      return 'failed';
  }
}

export function isMissing(err: { code: number }): boolean {
  return err.code === NOT_FOUND;
}

export function isMissingToo(err: { code: number }): boolean {
  return [-32002].includes(err.code);
}

export function notMissing(err: { code: number }): boolean {
  return -32002 !== err.code;
}

export function label(err: { code: number }): string {
  return err.code === -32002 ? 'missing' : 'other';
}
