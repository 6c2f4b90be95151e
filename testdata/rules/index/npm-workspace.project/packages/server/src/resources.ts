import type { Session } from './session.js';

/** Keeps the client up to date on one resource. */
export class ResourceWatch {
  constructor(private session: Session) {}

  /** Asks the server to notify this client when the resource changes. */
  async subscribeTo(uri: string) {
    // expect: MCP303
    return this.session.request({ method: 'resources/subscribe', params: { uri } });
  }
}

/** The resources a tool has asked to hear about, kept by the server for its own bookkeeping. */
export class Interests {
  private uris = new Set<string>();

  /** Remembers a resource; sends nothing. */
  subscribeTo(uri: string) {
    this.uris.add(uri);
  }
}
