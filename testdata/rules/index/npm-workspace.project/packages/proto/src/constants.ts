// expect: MCP102
export const SESSION_HEADER = 'mcp-session-id';

export enum Headers {
  // expect: MCP103
  LastEventId = 'Last-Event-ID',
  ContentType = 'content-type',
}
