"""Pagination that ends only on an absent cursor, and cursors that are not MCP's."""

from mcp import ClientSession


async def all_tools(session: ClientSession):
    tools, cursor = [], None
    while True:
        page = await session.list_tools(cursor=cursor)
        tools.extend(page.tools)
        cursor = page.nextCursor
        # ok: MCP405
        if cursor is None:
            break
    return tools


async def resources(session: ClientSession):
    page = await session.list_resources()
    # ok: MCP405
    while page.nextCursor is not None:
        page = await session.list_resources(cursor=page.nextCursor)


async def typed(session: ClientSession):
    cursor = None
    while True:
        page = await session.list_prompts(cursor=cursor)
        # ok: MCP405
        if not isinstance(page.nextCursor, str):
            break
        cursor = page.nextCursor


def database_rows(db):
    cursor = db.cursor()
    rows = []
    # ok: MCP405
    while cursor:
        rows.extend(cursor.fetchmany(100))
        cursor = None
    return rows


def slack_history(client, channel):
    cursor = None
    messages = []
    while True:
        reply = client.conversations_history(channel=channel, cursor=cursor)
        messages.extend(reply["messages"])
        cursor = reply["response_metadata"]["next_cursor"]
        # ok: MCP405
        if not cursor:
            break
    return messages


async def first_page_only(session: ClientSession):
    page = await session.list_tools()
    # ok: MCP405
    if page.nextCursor:
        print("more tools available")
    return page.tools
