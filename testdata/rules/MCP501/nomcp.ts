// Traps: the same words in code that is not MCP (a plugin system with its own capabilities).
interface Plugin {
  capabilities: { tools?: Record<string, unknown>; resources?: unknown[] };
}

export function describe(plugin: Plugin) {
  // ok: MCP501
  if (Object.keys(plugin.capabilities.tools ?? {}).length > 0) return 'has tools';
  // ok: MCP501
  if (plugin.capabilities.resources) return 'has resources';
  return 'empty';
}
