// Tools a test registers as fixtures: their handlers only answer (a constant, an error, a
// wait), so running them twice changes nothing, whatever they are called.
import { FastMCP } from 'fastmcp';

export function testTools(server: FastMCP) {
  server.addTool({
    description: 'Original tool',
    execute: async () => 'original',
    // ok: MCP601
    name: 'duplicate-tool',
  });
  server.addTool({
    description: 'Throws a user error',
    execute: async () => {
      throw new UserError('Something went wrong');
    },
    // ok: MCP601
    name: 'add_with_extras',
  });
  server.addTool({
    description: 'Creates a record',
    execute: async (args: { title: string }) => {
      await db.insert(args.title);
      return 'done';
    },
    // expect: MCP601
    name: 'create_record',
  });
}
