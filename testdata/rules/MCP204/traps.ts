// Traps: dates that are not protocol versions, and the modern revision.
import { McpServer } from '@modelcontextprotocol/server';

// Changelog: 2025-06-18 added structured tool output; 2025-11-25 added tasks.
// ok: MCP204
const server = new McpServer({ name: 'weather', version: '2025-03-26' }); // expect: MCP203
// ok: MCP204
export const releasedAt = '2025-06-18';
// ok: MCP204
export const copyright = 'Copyright 2024-11-05 Example Corp';
// ok: MCP204
export const due = new Date('2025-11-25');
// ok: MCP204
export const MODERN_VERSION = '2026-07-28';
// ok: MCP204
export const banner = 'speaks protocol 2025-06-18 and later';
// ok: MCP204
export const holidays = ['2024-11-05', '2025-03-26'];

export function isPastCutoff(date: string) {
  // ok: MCP204
  return date >= '2025-06-18';
}

export function schedule() {
  // ok: MCP204
  return { runAt: '2025-03-26', server };
}

export const meta = {
  // ok: MCP204
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
};

export function unsupported(requested: string, SUPPORTED_PROTOCOL_VERSIONS: string[]) {
  // ok: MCP204
  return new Error(`Unsupported protocol version ${requested} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`);
}

export function isHoliday(date: string) {
  // ok: MCP204
  return ['2025-06-18', '2025-03-26'].includes(date);
}

// A test that the legacy revisions are no longer offered states the migrated behaviour.
export function offersOnlyModern(offered: string[], assert: { ok(v: boolean): void }) {
  // ok: MCP204
  assert.ok(!offered.includes('2025-06-18'));
  // ok: MCP204
  expect(offered).not.toContain('2025-03-26');
}

// The project's own constant of the SDK's name, already on the modern revision.
const LATEST_PROTOCOL_VERSION = '2026-07-28';

export function discoverResult() {
  // ok: MCP204
  return { supportedVersions: [LATEST_PROTOCOL_VERSION] };
}

// When a feature appeared is its history, not a protocol version the code speaks.
export const features = [
  // ok: MCP204
  { name: 'tools', sinceProtocolVersion: '2024-11-05' },
  // ok: MCP204
  { name: 'elicitation', introducedInProtocolVersion: '2025-06-18' },
];

// The MCP Apps extension's own `ui/initialize` handshake between a host and a view carries a
// `protocolVersion` of that extension, not of the protocol.
export function appInitialize(send: (method: string, params: object) => Promise<unknown>) {
  const params = {
    appInfo: { name: 'widget', version: '1.0.0' },
    appCapabilities: { tools: { listChanged: false } },
    // ok: MCP204
    protocolVersion: '2024-11-05',
  };
  return send('ui/initialize', params);
}

export function hostInitializeResult(requested?: string) {
  return {
    hostCapabilities: { openLink: true },
    // ok: MCP204
    protocolVersion: requested || '2024-11-05',
  };
}

// The protocol's own handshake next to it still pins the legacy revision.
export function mcpInitialize() {
  return {
    capabilities: {},
    clientInfo: { name: 'widget-host', version: '1.0.0' },
    // expect: MCP204
    protocolVersion: '2024-11-05',
  };
}
