export function discover() {
  return {
    resultType: 'complete',
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: {} },
    ttlMs: 3_600_000,
    cacheScope: 'public',
  };
}
