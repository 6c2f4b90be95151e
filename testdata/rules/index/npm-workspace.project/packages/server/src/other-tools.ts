import { SamplingTool } from './sampling.js';

/** Another tool with a wrapper of the same name. */
export class OtherProbe extends SamplingTool {
  probeSample(prompt: string, options?: { maxTokens?: number }) {
    // expect: MCP305
    return this.sample(prompt, options);
  }
}
