# SDK 1.x speaks only 2025: nothing here is a legacy branch of a dual-era server.
from mcp.server.lowlevel import Server

server = Server("ledger")


# expect: MCP302
@server.set_logging_level()
async def on_level(level) -> None:
    return None
