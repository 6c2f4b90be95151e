// SDK-based connection for servers that still use the initialize handshake.
// The session id and in-flight resumption tokens are kept on disk so a second
// invocation of the CLI can continue where the first one stopped.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLIENT_INFO } from './probe.js';

interface SavedState {
  sessionId?: string;
  resumptionTokens: Record<string, string>;
}

const STATE_DIR = join(homedir(), '.fleet-agent');

function stateFile(url: URL): string {
  return join(STATE_DIR, `${encodeURIComponent(url.host + url.pathname)}.json`);
}

async function loadState(url: URL): Promise<SavedState> {
  try {
    return JSON.parse(await readFile(stateFile(url), 'utf8')) as SavedState;
  } catch {
    return { resumptionTokens: {} };
  }
}

async function saveState(url: URL, state: SavedState): Promise<void> {
  await mkdir(STATE_DIR, { recursive: true });
  await writeFile(stateFile(url), JSON.stringify(state, null, 2));
}

export interface LegacySession {
  client: Client;
  transport: StreamableHTTPClientTransport;
  state: SavedState;
  url: URL;
}

export async function openLegacySession(url: URL): Promise<LegacySession> {
  const state = await loadState(url);
  const transport = new StreamableHTTPClientTransport(url, {
    sessionId: state.sessionId,
    reconnectionOptions: {
      initialReconnectionDelay: 1_000,
      maxReconnectionDelay: 30_000,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 5,
    },
  });
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  await client.connect(transport);

  if (transport.sessionId !== state.sessionId) {
    // New session: tokens from the old one cannot be resumed.
    state.sessionId = transport.sessionId;
    state.resumptionTokens = {};
    await saveState(url, state);
  }
  return { client, transport, state, url };
}

/** Runs a tool that may take minutes; survives the CLI being killed and re-run. */
export async function runLongTool(
  session: LegacySession,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const key = `${name}:${JSON.stringify(args)}`;
  const result = await session.client.request(
    { method: 'tools/call', params: { name, arguments: args } },
    CallToolResultSchema,
    {
      timeout: 15 * 60_000,
      resetTimeoutOnProgress: true,
      resumptionToken: session.state.resumptionTokens[key],
      onresumptiontoken: (token) => {
        session.state.resumptionTokens[key] = token;
        void saveState(session.url, session.state);
      },
    },
  );

  delete session.state.resumptionTokens[key];
  await saveState(session.url, session.state);
  return result;
}
