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

/** The same calls on parameters declared with the types: each is looked up on its own type. */
export async function refollow(watch: ResourceWatch, interests: Interests, uri: string) {
  // expect: MCP303
  await watch.subscribeTo(uri);
  // ok: MCP303
  interests.subscribeTo(uri);
}
