// Fixture: the Mcp-Session-Id header written as a line of an HTTP message built by hand.
import type { Socket } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';

export function answerInitialize(socket: Socket, sid: string, body: string): void {
  // expect: MCP102
  socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: ' + sid + '\r\n\r\n' + body);
}

export function sessionOf(head: string): string | undefined {
  for (const line of head.split('\r\n')) {
    // expect: MCP102
    if (line.toLowerCase().startsWith('mcp-session-id:')) return line.slice(15).trim();
  }
  return undefined;
}

export function describe(): string {
  // ok: MCP102
  return 'the Mcp-Session-Id: header was removed in 2026-07-28';
}

export function noSessionHeader(raw: string): void {
  // ok: MCP102
  expect(raw.toLowerCase()).not.toContain('mcp-session-id:');
}
declare function expect(value: unknown): { not: { toContain(text: string): void } };
export const server = Server;
