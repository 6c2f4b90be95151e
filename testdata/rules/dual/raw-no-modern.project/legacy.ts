// The same legacy handlers in a project without a modern path: --target dual changes nothing.
export function dispatchLegacy(msg: { id: number; method: string; params?: any }) {
  switch (msg.method) {
    // expect: MCP201
    case 'initialize':
      // expect: MCP403
      return { protocolVersion: msg.params.protocolVersion, capabilities: {}, serverInfo: { name: 'desk', version: '3' } };
    // expect: MCP201
    case 'notifications/initialized':
      return undefined;
    // expect: MCP301
    case 'ping':
      // expect: MCP403
      return {};
    // expect: MCP302
    case 'logging/setLevel':
      // expect: MCP403
      return {};
    default:
      return undefined;
  }
}
