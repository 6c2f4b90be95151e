export const METHODS = {
  // expect: MCP301
  PING: 'ping',
  LIST_TOOLS: 'tools/list',
  // expect: MCP302
  SET_LEVEL: 'logging/setLevel',
} as const;
