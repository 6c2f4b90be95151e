"""Python clients that stop paging on an empty-string cursor; the SDK's nextCursor is optional."""

from mcp import ClientSession


async def all_tools(session: ClientSession):
    tools, cursor = [], None
    while True:
        page = await session.list_tools(cursor=cursor)
        tools.extend(page.tools)
        cursor = page.nextCursor
        if not cursor:
            break
    return tools


async def all_resources(session: ClientSession):
    page = await session.list_resources()
    resources = list(page.resources)
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
        if cursor is None or cursor == "":
            return prompts


async def all_templates(session: ClientSession):
    templates, cursor = [], None
    while True:
        page = await session.list_resource_templates(cursor=cursor)
        templates.extend(page.resourceTemplates)
        cursor = page.nextCursor
        if cursor == "":
            return templates
