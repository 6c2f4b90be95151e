"""Python clients that stop paging on an empty-string cursor."""

from mcp import ClientSession


async def all_tools(session: ClientSession):
    tools = []
    cursor = None
    while True:
        page = await session.list_tools(cursor=cursor)
        tools.extend(page.tools)
        cursor = page.nextCursor
        # expect: MCP405
        if not cursor:
            break
    return tools


async def all_resources(session: ClientSession):
    page = await session.list_resources()
    resources = list(page.resources)
    # expect: MCP405
    while page.nextCursor:
        page = await session.list_resources(cursor=page.nextCursor)
        resources.extend(page.resources)
    return resources


async def all_prompts(session: ClientSession):
    prompts, cursor = [], None
    while True:
        page = await session.list_prompts(cursor=cursor)
        prompts.extend(page.prompts)
        cursor = page.nextCursor
        # expect: MCP405
        if cursor == "":
            return prompts


async def raw_pages(send):
    cursor = None
    items = []
    while True:
        reply = await send({"method": "tools/list", "params": {"cursor": cursor}})
        items.extend(reply["result"]["tools"])
        cursor = reply["result"].get("nextCursor")
        # expect: MCP405
        if cursor is None or len(cursor) == 0:
            break
    return items


async def templates(session: ClientSession, limit: int):
    cursor = "start"
    seen = 0
    # expect: MCP405
    while cursor and seen < limit:
        page = await session.list_resource_templates(cursor=None if cursor == "start" else cursor)
        seen += len(page.resourceTemplates)
        cursor = page.nextCursor


async def counted(session: ClientSession):
    page = await session.list_tools()
    cursor = page.nextCursor or ""
    # expect: MCP405
    while len(cursor) > 0:
        page = await session.list_tools(cursor=cursor)
        cursor = page.nextCursor or ""
