// The same legacy handlers in a project without a modern path: --target dual changes nothing.
export function dispatchLegacy(msg: { id: number; method: string; params?: any }) {
  switch (msg.method) {
    // expect: MCP201
    case 'initialize':
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      // ok: MCP403
      return { protocolVersion: msg.params.protocolVersion, capabilities: {}, serverInfo: { name: 'desk', version: '3' } };
    // expect: MCP201
    case 'notifications/initialized':
      return undefined;
    // expect: MCP301
    case 'ping':
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      // ok: MCP403
      return {};
    // expect: MCP302
    case 'logging/setLevel':
      // The result of a removed method owes no `resultType`: the method itself is the finding.
      // ok: MCP403
      return {};
    default:
      return undefined;
  }
}
