import type { Session } from './session.js';
import { describeAs, listRootsAs } from './roots.js';

/** Calls only wrappers that take a protocol version. */
export async function forPeer(session: Session) {
  // expect: MCP305
  await listRootsAs(session, '2026-07-28');
  // ok: MCP305
  await describeAs(session, '2026-07-28');
}
