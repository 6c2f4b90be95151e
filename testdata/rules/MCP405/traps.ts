// Traps: pagination that ends only on an absent cursor, and cursors that are not MCP's.
import { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { WebClient } from '@slack/web-api';

export async function allTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools({ cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    // ok: MCP405
  } while (cursor !== undefined);
  return tools;
}

export async function tolerant(client: Client) {
  let cursor: string | null | undefined;
  const seen = new Set<string>();
  // ok: MCP405
  while (cursor != null && !seen.has(cursor)) {
    seen.add(cursor);
    const page = await client.listResources({ cursor });
    cursor = page.nextCursor;
  }
}

export async function typed(client: Client) {
  let cursor: string | undefined;
  for (;;) {
    const page = await client.listPrompts({ cursor });
    // ok: MCP405
    if (typeof page.nextCursor !== 'string') break;
    cursor = page.nextCursor;
  }
}

export async function absent(client: Client) {
  let cursor: string | undefined;
  while (true) {
    const page = await client.listTools({ cursor });
    // ok: MCP405
    if (page.nextCursor === undefined) break;
    cursor = page.nextCursor;
  }
}

export async function firstPageOnly(client: Client) {
  const page = await client.listTools();
  // ok: MCP405
  if (page.nextCursor) {
    console.log('more tools available');
  }
  return page.tools;
}

// Slack's own pagination ends on an empty `next_cursor`; that is Slack's contract, not MCP's.
export async function slackChannels(slack: WebClient) {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await slack.conversations.list({ cursor, limit: 200 });
    names.push(...(res.channels ?? []).map((c) => c.name ?? ''));
    cursor = res.response_metadata?.next_cursor;
    // ok: MCP405
  } while (cursor);
  return names;
}

export function describe(cursor: string | undefined) {
  // ok: MCP405
  return cursor ? `from ${cursor}` : 'from the start';
}

export async function withState(client: Client, state: { cursor?: string; done: boolean }) {
  const page = await client.listTools({ cursor: state.cursor });
  // ok: MCP405
  state.done = page.nextCursor === undefined;
  state.cursor = page.nextCursor;
}
