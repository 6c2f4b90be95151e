import type { Session } from './session.js';

/** Asks the client for its roots, for a peer of a given protocol revision. */
export async function listRootsAs(session: Session, protocolVersion: string) {
  // expect: MCP305
  return session.request({ method: 'roots/list' }, protocolVersion);
}

/** Lists the tools a peer of a given protocol revision sees: nothing removed. */
export async function describeAs(session: Session, protocolVersion: string) {
  return session.request({ method: 'tools/list' }, protocolVersion);
}
