// Two modules that re-export each other: resolution must end, and find nothing.
export { LOOP } from './cycle-b.js';
import { LOOP } from './cycle-b.js';
import { SESSION_HEADER as H } from '@acme/mcp-proto';

export function read(headers: Record<string, string>) {
  // ok: MCP102
  const a = headers[LOOP];
  // An alias of the imported constant is the constant.
  // expect: MCP102
  return a ?? headers[H];
}
