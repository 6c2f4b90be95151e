// Fixture: logging/setLevel handlers and calls; deprecated log emission as notes.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export function register(server: Server, client: Client) {
  // expect: MCP302
  server.setRequestHandler(SetLevelRequestSchema, async () => ({}));
  // expect: MCP302
  server.setRequestHandler('logging/setLevel', async () => ({}));
  // expect: MCP302
  void client.setLoggingLevel('debug');
  // expect: MCP302
  void client.request({ method: 'logging/setLevel', params: { level: 'info' } });
}

export function log(server: Server) {
  // expect: MCP302
  void server.sendLoggingMessage({ level: 'info', data: 'started' });
}

export function notify(extra: { sendNotification(n: unknown): Promise<void> }) {
  // expect: MCP302
  return extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'x' } });
}

export const server = new Server(
  { name: 'demo', version: '1.0.0' },
  // expect: MCP302
  { capabilities: { tools: {}, logging: {} } },
);

// A stdio server that writes its log notifications with the original stdout writer.
export class StdioLogs {
  private originalStdoutWrite = process.stdout.write.bind(process.stdout);

  sendLog(level: string, data: unknown) {
    // expect: MCP302
    const notification = { jsonrpc: '2.0', method: 'notifications/message', params: { level, data } };
    this.originalStdoutWrite.call(process.stdout, JSON.stringify(notification) + '\n');
  }
}

export class Builder {
  #capabilities: { tools?: object; logging?: object } = {};

  enableLogging() {
    // A key set by assignment advertises as much as one in a literal.
    // expect: MCP302
    this.#capabilities.logging = {};
  }
}

export function reset() {
  let capabilities: { logging?: object } = {};
  // An object assigned to a variable named for the capabilities declares them too.
  // expect: MCP302
  capabilities = { logging: {} };
  return capabilities;
}
