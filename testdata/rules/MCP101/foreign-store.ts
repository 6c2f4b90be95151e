// A session store declared in another module, reached through two receivers: one store, so
// one finding.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { appState } from './state.js';

export function remember(extra: RequestHandlerExtra<never, never>, value: string) {
  const state = appState;
  // expect: MCP101, MCP102
  state.sessionNotes.set(extra.sessionId, value);
}

export class Notes {
  constructor(private readonly app: { state: typeof appState }) {}

  recall(extra: RequestHandlerExtra<never, never>) {
    // ok: MCP101
    // expect: MCP102
    return this.app.state.sessionNotes.get(extra.sessionId);
  }
}
