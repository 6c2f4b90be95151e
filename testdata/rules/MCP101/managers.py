"""More session managers and per-session stores of Python servers, and their stateless twins."""

import contextlib

from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.applications import Starlette
from starlette.routing import Mount

server = Server("hub")
audit = Server("audit")


class Hub:
    def __init__(self, json_response: bool):
        # expect: MCP101
        self.manager = StreamableHTTPSessionManager(app=server, json_response=json_response)
        # ok: MCP101
        self.stateless = StreamableHTTPSessionManager(app=audit, stateless=True)

    def rebuild(self):
        # expect: MCP101
        self.manager = StreamableHTTPSessionManager(server, None, False)
        # ok: MCP101
        self.stateless = StreamableHTTPSessionManager(app=audit, json_response=True, stateless=True)


def factory(settings):
    # expect: MCP101
    return StreamableHTTPSessionManager(app=server, event_store=None, stateless=settings.stateless)


def keyword_stateful():
    # expect: MCP101
    return StreamableHTTPSessionManager(app=server, stateless=False)


def keyword_stateless():
    # ok: MCP101
    return StreamableHTTPSessionManager(app=server, stateless=True, security_settings=None)


# expect: MCP101
shared = StreamableHTTPSessionManager(app=audit)
# ok: MCP101
plain = StreamableHTTPSessionManager(stateless=True, app=server)


@contextlib.asynccontextmanager
async def lifespan(_app):
    # ok: MCP101
    async with plain.run():
        yield


# ok: MCP101
app = Starlette(routes=[Mount("/mcp", app=plain.handle_request)], lifespan=lifespan)
# expect: MCP101
stateful_again = StreamableHTTPSessionManager(
    app=server,
    json_response=False,
)
# ok: MCP101
per_tenant = {"tenant-a": plain, "tenant-b": plain}


def tenants():
    # expect: MCP101
    return [StreamableHTTPSessionManager(app=server) for _ in range(2)]


def ok_list():
    # ok: MCP101
    return [StreamableHTTPSessionManager(app=server, stateless=True) for _ in range(2)]
