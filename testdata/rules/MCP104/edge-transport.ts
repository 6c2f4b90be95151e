// A hand-written web transport: the method is read into a variable, then an if chain
// dispatches POST, GET and DELETE.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export class EdgeTransport {
  async handleRequest(request: Request): Promise<Response> {
    const method = request.method;
    if (method === 'POST') {
      return this.handlePost(request);
      // expect: MCP104
    } else if (method === 'GET') {
      return this.handleGetRequest(request);
      // expect: MCP104
    } else if (method === 'DELETE') {
      return this.handleDeleteRequest(request);
    }
    return new Response(null, { status: 405 });
  }

  private async handlePost(request: Request): Promise<Response> {
    const body = (await request.json()) as JSONRPCMessage;
    return Response.json(body);
  }

  // expect: MCP104
  private async handleGetRequest(_request: Request): Promise<Response> {
    return new Response(new ReadableStream(), { headers: { 'Content-Type': 'text/event-stream' } });
  }

  // expect: MCP104
  private async handleDeleteRequest(_request: Request): Promise<Response> {
    return new Response(null, { status: 200 });
  }
}
