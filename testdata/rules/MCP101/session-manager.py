# Fixture: the Python SDK's session manager, stateful unless built with stateless=True.
import contextlib

from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

server = Server("proxy")


def build(stateless_instance: bool):
    # expect: MCP101
    return StreamableHTTPSessionManager(app=server, event_store=None, stateless=stateless_instance)


# expect: MCP101
default_manager = StreamableHTTPSessionManager(app=server)

# ok: MCP101
stateless_manager = StreamableHTTPSessionManager(app=server, stateless=True, json_response=True)


@contextlib.asynccontextmanager
async def lifespan(_app):
    # ok: MCP101
    async with stateless_manager.run():
        yield
