// Servers that still answer the 2025 handshake, in both SDK generations and by hand.
import express from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/server';
import {
  InitializeRequestSchema,
  InitializedNotificationSchema,
  isInitializeRequest,
} from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { tools: {} } });
let clientCaps: unknown;
const clientNames = new Map<string, string>();

// expect: MCP201
server.setRequestHandler(InitializeRequestSchema, async (request) => {
  // expect: MCP201
  clientCaps = request.params.capabilities;
  // expect: MCP201
  clientNames.set(request.params.clientInfo.name, request.params.clientInfo.version);
  const caps = request.params.capabilities; // ok: MCP201
  return { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'files', version: '1.0.0' }, echo: caps };
});

const built = new Server({ name: 'built', version: '1.0.0' }, { capabilities: {} });
let lastVersion = '';
// expect: MCP201
built.setRequestHandler(InitializeRequestSchema, async (request) => {
  const result = { protocolVersion: '', capabilities: {}, serverInfo: { name: 'built', version: '1.0.0' } };
  // The result being built and returned, not state kept for the connection.
  result.protocolVersion = request.params.protocolVersion; // ok: MCP201
  // expect: MCP201
  lastVersion = request.params.protocolVersion;
  return result;
});

const kept = { protocolVersion: '' };
// expect: MCP201
built.setRequestHandler(InitializeRequestSchema, async (request) => {
  const state = kept;
  // Returned by a callback inside the handler, not by the handler: kept for the connection.
  // expect: MCP201
  state.protocolVersion = request.params.protocolVersion;
  setTimeout(() => {
    return state;
  }, 0);
  return { protocolVersion: request.params.protocolVersion, capabilities: {}, serverInfo: { name: 'built', version: '1.0.0' } };
});

// expect: MCP201
server.setNotificationHandler(InitializedNotificationSchema, async () => {
  console.error('client ready');
});

const v2 = new McpServer({ name: 'notes', version: '2.0.0' }); // expect: MCP203
// expect: MCP201
v2.server.setRequestHandler('initialize', async (request) => ({
  protocolVersion: request.params.protocolVersion,
  capabilities: {},
  serverInfo: { name: 'notes', version: '2.0.0' },
}));
// expect: MCP201
v2.server.setNotificationHandler('notifications/initialized', () => undefined);
// expect: MCP201
v2.server.oninitialized = () => {
  // expect: MCP201
  const who = v2.server.getClientVersion();
  console.error('hello', who?.name);
};

export function canSample(): boolean {
  // expect: MCP201
  return server.getClientCapabilities()?.sampling !== undefined;
}

const app = express();
app.post('/mcp', async (req, res) => {
  // expect: MCP201
  if (isInitializeRequest(req.body)) {
    res.status(200).end();
  }
});

class Connection {
  protocolVersion = '';
  info: unknown = null;

  handle(msg: { method: string; id?: number; params?: any }) {
    switch (msg.method) { // expect: MCP202
      // expect: MCP201
      case 'initialize':
        // expect: MCP201
        this.protocolVersion = msg.params.protocolVersion;
        // expect: MCP201
        this.info = { ...msg.params.clientInfo };
        // The result of a removed method owes no `resultType`: the method itself is the finding.
        // ok: MCP403
        return { protocolVersion: this.protocolVersion, capabilities: {}, serverInfo: { name: 'raw', version: '1' } };
      // expect: MCP201
      case 'notifications/initialized':
        return undefined;
      case 'tools/list':
        // expect: MCP403, MCP404
        return { tools: [] };
    }
    // expect: MCP201
    if (msg.method === 'initialize') {
      // expect: MCP201
      this.info = msg.params.clientInfo;
    }
    return undefined;
  }
}

export const handlers = {
  // The result of a removed method owes no `resultType`: the method itself is the finding.
  // expect: MCP201
  // ok: MCP403
  'initialize': (params: any) => ({ protocolVersion: params.protocolVersion }),
  // expect: MCP403, MCP404
  'tools/list': () => ({ tools: [] }),
};
