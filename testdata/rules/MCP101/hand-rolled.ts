// A framework and its own transport that keep protocol sessions without the SDK's options.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

class FastSession<T> {
  constructor(readonly auth?: T) {}
}

export class Framework<T> {
  // expect: MCP101
  #sessions: FastSession<T>[] = [];
  // A list of users' sessions is the application's own.
  // ok: MCP101
  private logins: UserSession[] = [];
}

export class WebTransport {
  // expect: MCP101
  private sessionIdGenerator: (() => string) | undefined;
  // expect: MCP101
  private _onsessioninitialized?: (sessionId: string) => void;
  // ok: MCP101
  private onmessage?: (message: JSONRPCMessage) => void;
}

// An interface describes options; the class that implements them is the finding.
export interface WebTransportOptions {
  // ok: MCP101
  sessionIdGenerator: (() => string) | undefined;
}
