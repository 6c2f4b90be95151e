import type { Session } from './session.js';
import { Interests, ResourceWatch } from './resources.js';

/** Follows a resource for a client, and records it in the server's own list. */
export async function follow(session: Session, uri: string) {
  const watch = new ResourceWatch(session);
  // expect: MCP303
  await watch.subscribeTo(uri);
  const interests = new Interests();
  // ok: MCP303
  interests.subscribeTo(uri);
}
