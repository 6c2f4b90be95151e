// Fixture: pagination loops that stop on an empty-string cursor (TypeScript).
import { Client } from '@modelcontextprotocol/client';
import type { Prompt, Resource, Tool } from '@modelcontextprotocol/client';

export async function allTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools({ cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    // expect: MCP405
  } while (cursor);
  return tools;
}

export async function allResources(client: Client): Promise<Resource[]> {
  const out: Resource[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await client.listResources({ cursor });
    out.push(...res.resources);
    // expect: MCP405
    if (!res.nextCursor) break;
    cursor = res.nextCursor;
  }
  return out;
}

export async function allPrompts(client: Client): Promise<Prompt[]> {
  const prompts: Prompt[] = [];
  let { prompts: first, nextCursor } = await client.listPrompts();
  prompts.push(...first);
  // expect: MCP405
  while (nextCursor && prompts.length < 10_000) {
    const page = await client.listPrompts({ cursor: nextCursor });
    prompts.push(...page.prompts);
    nextCursor = page.nextCursor;
  }
  return prompts;
}

export async function rawTemplates(send: (body: unknown) => Promise<any>) {
  const templates: unknown[] = [];
  let cursor: string | undefined = undefined;
  while (true) {
    const { result } = await send({ jsonrpc: '2.0', id: templates.length, method: 'resources/templates/list', params: { cursor } });
    templates.push(...result.resourceTemplates);
    // expect: MCP405
    if (result.nextCursor) {
      cursor = result.nextCursor;
    } else {
      break;
    }
  }
  return templates;
}

export async function untilEmpty(client: Client) {
  const names: string[] = [];
  let cursor: string | undefined;
  while (true) {
    const page = await client.listTools({ cursor });
    names.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
    // expect: MCP405
    if (cursor === undefined || cursor === '') return names;
  }
}

export async function byLength(client: Client) {
  let count = 0;
  let cursor = '';
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    count += page.resources.length;
    cursor = page.nextCursor ?? '';
    // expect: MCP405
  } while (cursor.length > 0);
  return count;
}

// Recursive paging stops on a falsy cursor too.
export async function collectTools(client: Client, cursor?: string): Promise<Tool[]> {
  const page = await client.listTools({ cursor });
  // expect: MCP405
  if (!page.nextCursor) {
    return page.tools;
  }
  return [...page.tools, ...(await collectTools(client, page.nextCursor))];
}
