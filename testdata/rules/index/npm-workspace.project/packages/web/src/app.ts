// Another package of the monorepo, not MCP code: names like the protocol's mean other things.
export const SESSION_HEADER = 'x-session-id';
export const METHODS = { PING: 'ping' } as const;

export function route(msg: { method: string }, headers: Record<string, string>) {
  switch (msg.method) {
    // ok: MCP301
    case METHODS.PING:
      return 'pong';
  }
  // ok: MCP102
  return headers[SESSION_HEADER];
}
