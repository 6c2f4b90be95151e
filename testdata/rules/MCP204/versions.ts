// Legacy revisions used as the protocol version.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';

// expect: MCP204
export const PROTOCOL_VERSION = '2025-06-18';
// expect: MCP204
export const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];

export function initParams(name: string) {
  return {
    // expect: MCP204
    protocolVersion: '2025-03-26',
    capabilities: {},
    clientInfo: { name, version: '1.0.0' },
  };
}

export async function post(url: string, body: unknown) {
  const headers = new Headers({ 'content-type': 'application/json' });
  // expect: MCP204
  headers.set('mcp-protocol-version', '2025-06-18');
  return fetch(url, {
    method: 'POST',
    // expect: MCP204
    headers: { 'MCP-Protocol-Version': '2024-11-05', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  });
}

export function supportsElicitation(result: { protocolVersion: string }) {
  // expect: MCP204
  return result.protocolVersion >= '2025-06-18';
}

export function describe(negotiatedVersion: string) {
  switch (negotiatedVersion) {
    // expect: MCP204
    case '2024-11-05':
      return 'http+sse era';
    default:
      return 'streamable http';
  }
}

export function pick(client: Client, requested: string) {
  // expect: MCP204
  if (SUPPORTED_PROTOCOL_VERSIONS.includes(requested)) {
    return requested;
  }
  // expect: MCP204
  return LATEST_PROTOCOL_VERSION;
}

export function requested(opts: { protocolVersion?: string }): string {
  // expect: MCP204
  const version = opts.protocolVersion ?? '2025-11-25';
  return version;
}

export class Session {
  // expect: MCP204
  protocolVersion = '2025-11-25';
  reset() {
    // expect: MCP204
    this.protocolVersion = '2025-03-26';
  }
}

export function protocolVersionOf() {
  // expect: MCP204
  return '2024-10-07';
}

export function oldServer(init: { protocolVersion: string }) {
  // expect: MCP204
  return ['2025-03-26', '2024-11-05'].includes(init.protocolVersion);
}

export function knows(supportedVersions: string[]) {
  // expect: MCP204
  return supportedVersions.includes('2025-06-18');
}

// A constant of the SDK's name that the file declares on a legacy revision: the literal is
// the finding, once.
// expect: MCP204
const DEFAULT_NEGOTIATED_PROTOCOL_VERSION = '2025-03-26';

export function fallback() {
  // ok: MCP204
  return { protocolVersion: DEFAULT_NEGOTIATED_PROTOCOL_VERSION };
}

// The SDK's constant as a parameter's default is still the SDK's.
// expect: MCP204
export function discover({ protocolVersion = LATEST_PROTOCOL_VERSION }: { protocolVersion?: string }) {
  return protocolVersion;
}

// A list of the SDK's constants is one finding too, at its first entry.
export const OFFERED = [
  // expect: MCP204
  LATEST_PROTOCOL_VERSION,
  // ok: MCP204
  ...SUPPORTED_PROTOCOL_VERSIONS,
];
