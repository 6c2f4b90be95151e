"""The deploy pipeline's smoke test: connects, pages through the tools, watches a record."""

import asyncio
import sys

from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client


async def list_all_tools(session: ClientSession) -> list[str]:
    names, cursor = [], None
    while True:
        page = await session.list_tools(cursor=cursor)
        names.extend(tool.name for tool in page.tools)
        cursor = page.nextCursor
        if not cursor:
            return names


async def run(url: str) -> int:
    async with streamablehttp_client(url) as (read, write, get_session_id):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            print("session", get_session_id())
            await session.send_ping()
            await session.set_logging_level("info")
            capabilities = init.capabilities.model_dump(exclude_none=True)
            if capabilities.get("resources"):
                await session.subscribe_resource("book://9780141439518")
            print(", ".join(await list_all_tools(session)))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(run(sys.argv[1])))
