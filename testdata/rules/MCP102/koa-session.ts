// Trap: a web application's own request context, in a file without MCP context.
import Koa from 'koa';

const app = new Koa();
app.use(async (ctx: Koa.Context & { sessionId?: string }) => {
  // ok: MCP102
  ctx.body = { session: ctx.sessionId };
});
