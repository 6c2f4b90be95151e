"""A Python SDK 1.x client that runs a tool as a task and polls it."""

from mcp import ClientSession, types


async def run(session: ClientSession) -> types.CallToolResult:
    # expect: MCP306
    created = await session.experimental.call_tool_as_task("build_report", {"month": "2025-11"})
    task_id = created.task.taskId
    # expect: MCP306
    async for status in session.experimental.poll_task(task_id):
        print(status.status)
    # expect: MCP306
    return await session.experimental.get_task_result(task_id, types.CallToolResult)


async def pending(session: ClientSession):
    # expect: MCP306
    return await session.send_request(types.ClientRequest(types.ListTasksRequest()), types.ListTasksResult)
