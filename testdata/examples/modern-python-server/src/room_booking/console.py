"""The front desk's console: lists the server's tools, page by page."""

from mcp import ClientSession


async def tool_names(session: ClientSession) -> list[str]:
    names, cursor = [], None
    while True:
        page = await session.list_tools(cursor=cursor)
        names.extend(tool.name for tool in page.tools)
        cursor = page.nextCursor
        # An empty string is a cursor too; only an absent one ends the listing.
        if cursor is None:
            return names


def supports_resources(capabilities: dict) -> bool:
    # `{}` means supported with no sub-features: test for the key, not for truthiness.
    return "resources" in capabilities

