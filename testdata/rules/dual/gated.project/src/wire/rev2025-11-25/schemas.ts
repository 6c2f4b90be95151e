// A module named for a legacy revision, next to a modern path: legacy support under dual.
import { z } from 'zod';

export const ListTasksRequestSchema = z.object({
  // expect: MCP306
  // expect-dual: MCP306=note
  method: z.literal('tasks/list'),
});
