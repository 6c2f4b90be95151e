// The draft error numbers, used with their draft meanings, become the final codes.
import { McpError } from '@modelcontextprotocol/sdk/types.js';

export const HEADER_MISMATCH = -32020;
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

export function unsupportedVersion(supported: string[]) {
  return { code: -32022, message: 'Unsupported protocol version', data: { supported } };
}

export function missingCapability() {
  return new McpError(-32021, 'Missing required client capability: sampling');
}

export function retryOnVersion(err: { code: number; data?: { supported?: string[] } }) {
  if (err.code === UNSUPPORTED_PROTOCOL_VERSION) {
    return err.data?.supported?.[0];
  }
  return undefined;
}
