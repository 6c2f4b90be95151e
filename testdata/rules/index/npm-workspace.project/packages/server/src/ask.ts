import type { Session } from './session.js';
import { SamplingTool, sampleAll, sampleWith } from './sampling.js';

/** Calls the sampling wrappers without their optional settings, and with any number of prompts. */
export async function ask(
  session: Session,
  notes: { sampleWith(...args: unknown[]): void },
  planner: { sampleWith(session: Session, prompt: string): Promise<void> },
) {
  // expect: MCP305
  await sampleWith(session, 'hi');
  // expect: MCP305
  await sampleWith(session, 'hi', { maxTokens: 5 });
  // expect: MCP305
  await sampleAll(session);
  // expect: MCP305
  await sampleAll(session, 'a', 'b', 'c');
  // Methods of other objects that share the wrapper's name: one called with more arguments
  // than the wrapper takes, one leaving out what only the wrapper's optional parameter would.
  // ok: MCP305
  notes.sampleWith(session, 'hi', {}, 'more');
  // ok: MCP305
  await planner.sampleWith(session, 'hi');
}

/** A tool that calls its base's wrapper without the optional settings. */
export class Summarizer extends SamplingTool {
  async run() {
    // expect: MCP305
    return this.sample('summarize');
  }
}
