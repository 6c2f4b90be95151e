import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { RESOURCE_NOT_FOUND } from './codes.js';

export function missing(uri: string): never {
  throw new McpError(RESOURCE_NOT_FOUND, 'Resource not found', { uri });
}
