// The project's own version constants, defined in another module of the project (where a
// legacy value is reported) and imported by a relative path: their uses are not the SDK's
// legacy constants.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS as SUPPORTED } from './constants.js';
import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export function hello(server: Server) {
  return {
    // ok: MCP204
    protocolVersion: LATEST_PROTOCOL_VERSION,
    // ok: MCP204
    supportedVersions: SUPPORTED,
    // expect: MCP204
    fallback: DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
    server,
  };
}
