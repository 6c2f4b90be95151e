// Traps: logging that is not the removed protocol method.
import { McpServer } from '@modelcontextprotocol/server';
import pino from 'pino';

const logger = pino();
// ok: MCP302
logger.level = 'debug';
// ok: MCP302
const config = { logging: { level: 'info' } };
// ok: MCP302
const method = 'logging/setLevelX';
// ok: MCP302
console.log('logging/setLevel was removed in 2026-07-28');
// ok: MCP302
export function setLevel(level: string) {
  return level;
}
// ok: MCP302
setLevel('warn');
// ok: MCP302
const opts = { capabilities: { tools: {} }, loggingEnabled: true };

export function consume(client: { setNotificationHandler(m: string, h: (n: unknown) => void): void }) {
  // ok: MCP302
  client.setNotificationHandler('notifications/message', (n) => console.log(n));
}

export function isLog(msg: { method: string }) {
  // ok: MCP302
  return msg.method === 'notifications/message';
}

// A function's call() whose callee sends nothing: handing a log record to a formatter.
export function format(formatter: { render(msg: unknown): string }) {
  // ok: MCP302
  const record = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } };
  return formatter.render.call(formatter, record);
}

export function configure(options: { logging?: object }, capabilities: { logging?: object }) {
  // Not on capabilities: an option of the application's own.
  // ok: MCP302
  options.logging = {};
  // Reading the capability, or comparing it, sets nothing.
  // ok: MCP302
  const enabled = capabilities.logging !== undefined;
  // ok: MCP302
  capabilities.logging === undefined;
  return enabled;
}

// The capability left out explicitly.
export const quietOptions = {
  // ok: MCP302
  capabilities: { tools: {}, logging: undefined },
};

// A table of the removed methods and how the server turns each away.
export const REMOVED_METHODS = {
  // ok: MCP302
  'logging/setLevel': { httpStatus: 404, jsonRpcCode: -32601 },
};

// A table of handlers keyed by method serves them.
export const handlers = {
  // expect: MCP302
  'logging/setLevel': async () => ({ resultType: 'complete' }),
};

// Predicates named for the removed methods: their callers turn them away.
export function isRemovedMethod(method: string): boolean {
  // ok: MCP301, MCP302
  return ['ping', 'logging/setLevel'].includes(method);
}
// ok: MCP302
export const isUnsupported = (m: string) => m === 'logging/setLevel';

// A predicate named for what it recognises serves the method.
export function isLoggingMethod(method: string): boolean {
  // expect: MCP302
  return method === 'logging/setLevel';
}

// The same predicate as a method of a table of checks.
export const checks = {
  // ok: MCP302
  isRemoved: (m: string) => m === 'logging/setLevel',
};
