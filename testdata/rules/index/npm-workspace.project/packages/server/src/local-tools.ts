import type { Session } from './session.js';
import { SamplingTool } from './sampling.js';

/** Declares its own tool class inside a function, as a test does inside `describe(...)`. */
export function suite(session: Session, run: (body: () => Promise<void>) => void) {
  class ProbeTool extends SamplingTool {
    /** Exposes the base's wrapper. */
    probeSample(prompt: string, options?: { maxTokens?: number }) {
      // expect: MCP305
      return this.sample(prompt, options);
    }
  }
  const tool = new ProbeTool(session);
  run(async () => {
    // expect: MCP305
    await tool.probeSample('hi', {});
  });
}
