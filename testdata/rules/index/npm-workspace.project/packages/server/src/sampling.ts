import type { Session } from './session.js';

/** Asks the client to sample one prompt, with settings a caller may leave out. */
export async function sampleWith(session: Session, prompt: string, options?: { maxTokens?: number }) {
  // expect: MCP305
  return session.request({ method: 'sampling/createMessage', params: { prompt, ...options } });
}

/** Asks the client to sample every prompt it is given, however many. */
export async function sampleAll(session: Session, ...prompts: string[]) {
  // expect: MCP305
  return session.request({ method: 'sampling/createMessage', params: { prompts } });
}

/** A base for tools that ask the client to sample. */
export class SamplingTool {
  constructor(protected session: Session) {}

  /** Asks the client to sample one prompt, with settings a caller may leave out. */
  protected async sample(prompt: string, options?: { maxTokens?: number }) {
    // expect: MCP305
    return this.session.request({ method: 'sampling/createMessage', params: { prompt, ...options } });
  }
}
