// Tool descriptors in a list typed with the project's own `Tool` type: this module defines the
// tools that another module serves, so it needs no server import of its own.
import type { Tool } from './types.js';

export const APPLICATION_TOOLS: Tool[] = [
  // ok: MCP601
  { name: 'app_list', description: 'List applications', inputSchema: { type: 'object' } },
  {
    // expect: MCP601
    name: 'app_create',
    description: 'Create an application',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
    annotations: { readOnlyHint: false, idempotentHint: false },
  },
];

// One descriptor typed on its own.
export const deleteTool: Tool = {
  // expect: MCP601
  name: 'app_delete',
  description: 'Delete an application',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
};

// A list of a type from elsewhere says nothing about who serves it.
export const shown: Array<Record<string, unknown>> = [
  // ok: MCP601
  { name: 'app_remove', description: 'Remove an application', inputSchema: { type: 'object' } },
];
