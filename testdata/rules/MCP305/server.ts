// Fixture: a server asking its client mid-request (v1 Server, v2 ctx.mcpReq, raw requests).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema, ElicitResultSchema, type CreateMessageRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: 'desk', version: '1.0.0' });

server.registerTool('summarize', { inputSchema: { text: z.string() } }, async ({ text }, extra) => {
  // expect: MCP305
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text } }],
    maxTokens: 200,
  });
  // expect: MCP305
  const roots = await server.server.listRoots();
  // expect: MCP305
  const ok = await server.server.elicitInput({ message: 'Proceed?', requestedSchema: { type: 'object', properties: {} } });
  const answer = await extra.sendRequest(
    // expect: MCP305
    { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } },
    ElicitResultSchema,
  );
  return { content: [{ type: 'text', text: JSON.stringify({ reply, roots, ok, answer }) }] };
});

server.registerTool('brainstorm', { inputSchema: { topic: z.string() } }, async ({ topic }, extra) => {
  const request: CreateMessageRequest = {
    // expect: MCP305
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: topic } }], maxTokens: 100 },
  };
  const result = await extra.sendRequest(request, CreateMessageResultSchema);
  return { content: [{ type: 'text', text: JSON.stringify(result) }] };
});

export async function v2Tool(ctx: { mcpReq: { elicitInput: Function; requestSampling: Function; send: Function } }) {
  // expect: MCP305
  await ctx.mcpReq.elicitInput({ message: 'Confirm?', requestedSchema: { type: 'object', properties: {} } });
  // expect: MCP305
  await ctx.mcpReq.requestSampling({ messages: [], maxTokens: 10 });
  // expect: MCP305
  return ctx.mcpReq.send({ method: 'roots/list' });
}

export function rawStdioServer(id: number) {
  // expect: MCP305
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, method: 'roots/list' }) + '\n');
}
