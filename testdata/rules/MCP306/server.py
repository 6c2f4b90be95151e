"""A Python SDK 1.x server on the 2025 core tasks API."""

from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.experimental.tasks.helpers import RELATED_TASK_METADATA_KEY
from mcp.shared.experimental.tasks.in_memory_task_store import InMemoryTaskStore

server = Server("reports")
# expect: MCP306
server.experimental.enable_tasks()
# expect: MCP306
store = InMemoryTaskStore()

REPORT = types.Tool(
    name="build_report",
    inputSchema={"type": "object"},
    # expect: MCP306
    execution=types.ToolExecution(taskSupport="optional"),
)

CAPABILITIES = types.ServerCapabilities(
    # expect: MCP306
    tasks=types.ServerTasksCapability(),
)


# expect: MCP306
@server.experimental.list_tasks()
async def list_reports(request):
    return []


async def build(ctx, work):
    # expect: MCP306
    return await ctx.experimental.run_task(work)


def related(task_id: str) -> dict:
    # expect: MCP306
    return {RELATED_TASK_METADATA_KEY: {"taskId": task_id}}
