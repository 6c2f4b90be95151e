// Traps: a language server's capabilities, with no MCP in them.
export function initializeResult() {
  return {
    capabilities: {
      textDocumentSync: 1,
      // ok: MCP302
      logging: { level: 'info' },
    },
  };
}

// The SDK's call for the removed request is MCP wherever it stands.
export async function verbose(client: { setLoggingLevel(level: string): Promise<void> }) {
  // expect: MCP302
  await client.setLoggingLevel('debug');
}
