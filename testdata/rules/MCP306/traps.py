"""Traps: asyncio tasks, job queues and the migrated tool option."""

import asyncio

from mcp import types

# ok: MCP306
background: set[asyncio.Task] = set()


async def spawn(coro) -> None:
    # ok: MCP306
    task = asyncio.create_task(coro)
    background.add(task)


class Queue:
    def __init__(self) -> None:
        # ok: MCP306
        self.tasks: dict[str, dict] = {}

    # ok: MCP306
    def get_task(self, task_id: str) -> dict | None:
        return self.tasks.get(task_id)


def lookup(queue: Queue, task_id: str):
    # ok: MCP306
    return queue.get_task(task_id)


# ok: MCP306
SIMPLE = types.Tool(name="echo", inputSchema={"type": "object"}, execution=types.ToolExecution(taskSupport="forbidden"))


def submit(celery_app, name: str):
    # ok: MCP306
    return celery_app.send_task(name)
