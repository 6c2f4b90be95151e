// Raw JSON-RPC over HTTP: era detection, and the tool-call path for servers that
// already speak the stateless revision (SDK 1.17 cannot talk to those).
import { randomUUID } from 'node:crypto';

export const CLIENT_INFO = { name: 'fleet-agent', version: '3.2.0' };
const MODERN_VERSION = '2026-07-28';

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

export interface ProbeReport {
  era: 'modern' | 'legacy';
  protocolVersion: string;
  serverName?: string;
  structuredOutput: boolean;
}

interface ToolCallResult {
  content?: Array<{ type: string; text?: string }>;
  inputRequests?: Record<string, unknown>;
  requestState?: string;
}

function modernMeta(): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
  };
}

async function rpc<T>(url: URL, method: string, params: object, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: randomUUID(), method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (body.error) {
    throw new JsonRpcError(body.error.code, body.error.message, body.error.data);
  }
  if (!res.ok) {
    throw new Error(`HTTP ${res.status} from ${url}`);
  }
  return body.result as T;
}

export async function probe(url: URL): Promise<ProbeReport> {
  try {
    const discover = await rpc<{ supportedVersions: string[]; _meta?: Record<string, { name?: string }> }>(
      url,
      'server/discover',
      { _meta: modernMeta() },
      { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'server/discover' },
    );
    return {
      era: 'modern',
      protocolVersion: discover.supportedVersions.includes(MODERN_VERSION) ? MODERN_VERSION : discover.supportedVersions[0],
      serverName: discover._meta?.['io.modelcontextprotocol/serverInfo']?.name,
      structuredOutput: true,
    };
  } catch (err) {
    if (err instanceof JsonRpcError && err.code === -32601) {
      // Method not found: a server from before server/discover. Do the handshake instead.
      const init = await rpc<{ protocolVersion: string; serverInfo?: { name: string } }>(url, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: CLIENT_INFO,
      });
      let structuredOutput = false;
      if (init.protocolVersion === '2025-06-18') {
        structuredOutput = true;
      }
      return { era: 'legacy', protocolVersion: init.protocolVersion, serverName: init.serverInfo?.name, structuredOutput };
    }
    throw err;
  }
}

export async function callToolModern(
  url: URL,
  name: string,
  args: Record<string, unknown>,
  retry?: { inputResponses: Record<string, unknown>; requestState?: string },
): Promise<ToolCallResult> {
  const result = await rpc<ToolCallResult>(
    url,
    'tools/call',
    { name, arguments: args, ...retry, _meta: modernMeta() },
    { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/call', 'mcp-name': name },
  );

  if (result.requestState) {
    // The server tells us how far along a multi-step flow we are.
    const state = JSON.parse(atob(result.requestState)) as { step?: number; of?: number };
    console.error(`[${name}] waiting for input, step ${state.step ?? '?'} of ${state.of ?? '?'}`);
  }
  return result;
}
