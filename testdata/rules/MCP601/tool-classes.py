"""Tools written as classes of the project's own base class."""

from typing import Any

import mcp.types as types

from .base import BaseTool


class CreateUserTool(BaseTool):
    @property
    def name(self) -> str:
        return "add_user"  # expect: MCP601

    @property
    def description(self) -> str:
        return "Adds a new user to the directory"

    @property
    def input_schema(self) -> dict[str, Any]:
        return {"type": "object", "properties": {"email": {"type": "string"}}}

    async def execute(self, arguments: dict[str, Any]) -> str:
        return await self.client.add_user(arguments)


class GetUserTool(BaseTool):
    @property
    def name(self) -> str:
        return "get_user"  # ok: MCP601

    async def execute(self, arguments: dict[str, Any]) -> str:
        return await self.client.get_user(arguments["id"])


class SendInvoiceTool(BaseTool):
    name = "send_invoice"  # ok: MCP601
    input_schema = {"type": "object", "properties": {"idempotency_key": {"type": "string"}}}

    async def execute(self, arguments: dict[str, Any]) -> str:
        return await self.client.send(arguments)


class DeleteFileTool(BaseTool):
    name = "delete_file"  # ok: MCP601
    annotations = {"idempotentHint": True}

    async def execute(self, arguments: dict[str, Any]) -> str:
        return await self.client.delete(arguments["path"])


class Publisher:
    name = "publish_post"  # ok: MCP601

    async def execute(self, arguments: dict[str, Any]) -> str:
        return await self.client.publish(arguments)
