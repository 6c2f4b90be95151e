// A NestJS controller on the MCP path.
import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

@Controller('mcp')
export class McpController {
  constructor(private readonly transport: NodeStreamableHTTPServerTransport) {}

  @Post()
  async rpc(@Req() req: any, @Res() res: any) {
    await this.transport.handleRequest(req, res, req.body);
  }

  // expect: MCP104
  @Get()
  async stream(@Req() req: any, @Res() res: any) {
    await this.transport.handleRequest(req, res);
  }

  // expect: MCP104
  @Delete()
  async end(@Res() res: any) {
    await this.transport.close();
    res.status(204).end();
  }
}

@Controller('status')
export class StatusController {
  // ok: MCP104
  @Get()
  health() {
    return { ok: true };
  }
}

@Controller('v2/mcp')
export class StrictController {
  // ok: MCP104
  @Get()
  refuse(@Res() res: any) {
    res.status(405).set('Allow', 'POST').end();
  }
}
