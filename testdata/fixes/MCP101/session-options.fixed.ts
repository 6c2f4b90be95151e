// The transport's session options turn stateless (unsafe: clients relying on the session lose it).
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export const transport = new StreamableHTTPServerTransport({
  sessionIdGenerator: undefined,
  onsessioninitialized: (sessionId) => {
    console.log('session opened', sessionId);
  },
  enableJsonResponse: true,
});

const sessionIdGenerator = () => randomUUID();
export const other = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
