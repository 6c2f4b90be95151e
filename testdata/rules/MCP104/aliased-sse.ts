// The old HTTP+SSE transport imported from the SDK under a name of the project's own.
import { SSEServerTransport as SdkSseTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport as HttpTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SSEServerTransport as ChatSseTransport } from './chat/events.js';

export function legacyStream(res: any) {
  // expect: MCP104=note
  return new SdkSseTransport('/messages', res);
}

export function modernStream() {
  // ok: MCP104
  return new HttpTransport({ sessionIdGenerator: undefined });
}

export function chatEvents(res: any) {
  // The project's own transport of the same name, for its chat feed: not the SDK's.
  // ok: MCP104
  return new ChatSseTransport(res);
}
