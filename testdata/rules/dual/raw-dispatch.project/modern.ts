// The modern path: `server/discover` answered statelessly. Its presence makes the legacy
// handlers in dispatch.ts deliberate under --target dual.
export function dispatchModern(msg: { id: number; method: string }) {
  switch (msg.method) {
    case 'server/discover':
      return {
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        ttlMs: 3_600_000,
        cacheScope: 'public',
      };
    default:
      return undefined;
  }
}
