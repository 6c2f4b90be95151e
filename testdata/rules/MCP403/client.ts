// Fixture: clients that do not read an absent resultType as "complete" (TypeScript).
import { Client } from '@modelcontextprotocol/client';

export async function call(client: Client, name: string) {
  const result = await client.callTool({ name, arguments: {} });
  // expect: MCP403
  switch (result.resultType) {
    case 'complete':
      return result.content;
    case 'input_required':
      return askUser(result);
    default:
      throw new Error(`unknown result type ${String(result.resultType)}`);
  }
}

export function isDone(result: { resultType?: string }) {
  // expect: MCP403
  return result.resultType === 'complete';
}

export function assertComplete(raw: Record<string, unknown>) {
  // expect: MCP403
  if (raw['resultType'] !== 'complete') {
    throw new Error('the server did not finish');
  }
}
