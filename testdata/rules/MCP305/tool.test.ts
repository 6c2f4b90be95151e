// A test of a tool that samples through the injected server: the server's methods are
// replaced by doubles and checked. The code under test sends server-initiated requests.
import { describe, expect, it, jest } from '@jest/globals';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

describe('sampling tool', () => {
  it('asks the client', async () => {
    const mockServer = {} as Server;
    // expect: MCP305
    (mockServer as any).createMessage = jest.fn();
    // expect: MCP305
    (mockServer as any).createMessage.mockResolvedValue({ content: { type: 'text', text: 'hi' } });
    // expect: MCP305
    expect((mockServer as any).createMessage).toHaveBeenCalledWith({ messages: [] }, undefined);
    // expect: MCP305
    expect(typeof mockServer.listRoots).toBe('function');
  });

  it('keeps its own stubs', () => {
    const db = { createMessage: jest.fn() };
    // ok: MCP305
    db.createMessage.mockResolvedValue({ id: 1 });
    // ok: MCP305
    expect(db.createMessage).toHaveBeenCalled();
    const mockServer = {} as Server;
    // A read that neither replaces nor checks the method.
    // ok: MCP305
    const bound = mockServer.createMessage;
    return bound;
  });
});
