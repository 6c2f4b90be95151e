// Hand-built results get `resultType: "complete"` (unsafe: only right for complete results).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

declare function runTool(name: string, args: unknown): Promise<string>;

export async function dispatch(method: string, params: any) {
  switch (method) {
    case 'tools/call': {
      const text = await runTool(params.name, params.arguments);
      return { content: [{ type: 'text', text }], isError: false, resultType: 'complete' };
    }
    case 'completion/complete':
      return {
        completion: { values: [], hasMore: false },
        resultType: 'complete',
      };
    default:
      return undefined;
  }
}

export function reply(id: number, text: string) {
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], resultType: 'complete' } }) + '\n');
}

export type Server = McpServer;
