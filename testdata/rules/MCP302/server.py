"""Protocol logging in the Python SDK and FastMCP, and the logging that is not MCP's."""

import logging

import mcp.types as types
from mcp import ClientSession
from mcp.server.lowlevel import Server

server = Server("logs")
logger = logging.getLogger(__name__)


@server.set_logging_level()  # expect: MCP302
async def on_set_level(level: types.LoggingLevel) -> None:  # expect: MCP302
    logger.setLevel(level.upper())  # ok: MCP302


async def emit(session, ctx):
    await session.send_log_message(level="info", data="started")  # expect: MCP302
    await ctx.info("working")  # expect: MCP302
    await ctx.log("debug", "details")  # expect: MCP302


async def client(read, write, on_log):
    async with ClientSession(read, write, logging_callback=on_log) as session:  # expect: MCP302
        await session.set_logging_level("debug")  # expect: MCP302


def capabilities():
    return types.ServerCapabilities(logging=types.LoggingCapability())  # expect: MCP302


def near_misses(log, request):
    logging.basicConfig(level=logging.INFO)  # ok: MCP302
    logger.info("not a protocol log")  # ok: MCP302
    log.error("still not one")  # ok: MCP302
    request.app.state.level = "debug"  # ok: MCP302
    logging_config = {"version": 1}  # ok: MCP302
    return logging_config
