// A mocked module stands in for the package; its keys implement nothing.
import { vi } from 'vitest';

vi.mock('mcp-handler', () => ({
  createMcpHandler: vi.fn((init: unknown) => init),
}));
