// Pagination that ended on a falsy cursor tests for absence instead.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Resource, Tool } from '@modelcontextprotocol/sdk/types.js';

export async function allTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools({ cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

export async function allResources(client: Client): Promise<Resource[]> {
  const out: Resource[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await client.listResources({ cursor });
    out.push(...res.resources);
    if (!res.nextCursor) break;
    cursor = res.nextCursor;
  }
  return out;
}

export async function names(client: Client): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | undefined;
  while (true) {
    const page = await client.listTools({ cursor });
    found.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
    if (cursor === undefined || cursor === '') return found;
  }
}
