// expect: MCP301
export async function onPing() {
  return {};
}

export async function onList() {
  return { tools: [] };
}
