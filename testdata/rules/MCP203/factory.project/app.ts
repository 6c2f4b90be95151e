import { McpServer } from '@modelcontextprotocol/server';
import { connectByHand, createMount } from './mount.js';

// ok: MCP203
export const mounted = createMount('/mcp', () => new McpServer({ name: 'mounted', version: '2.0.0' }));

export async function byHand(transport: never) {
  // expect: MCP203
  await connectByHand(() => new McpServer({ name: 'by-hand', version: '2.0.0' }), transport);
}

const buildNotes = () => {
  // ok: MCP203
  return new McpServer({ name: 'notes', version: '2.0.0' });
};
export const notes = createMount('/notes', buildNotes);

export class Host {
  #build() {
    // ok: MCP203
    return new McpServer({ name: 'hosted', version: '2.0.0' });
  }

  mount() {
    return createMount('/hosted', () => this.#build());
  }
}
