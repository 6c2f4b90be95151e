"""Tool functions of the Python SDK's FastMCP and of FastMCP, and the ones that are safe."""

from mcp.server.fastmcp import FastMCP  # expect: MCP203
from mcp.types import ToolAnnotations

mcp = FastMCP("shop")


@mcp.tool()
async def send_email(to: str, body: str) -> str:  # expect: MCP601
    """Send an email to one recipient."""
    return "sent"


@mcp.tool
def charge_card(card: str, amount: int) -> str:  # expect: MCP601
    return "charged"


@mcp.tool(name="create_order")  # expect: MCP601
async def order(item: str) -> str:
    return "ordered"


@mcp.tool(description="Deletes a file from the workspace")
async def remove_path(path: str) -> str:  # expect: MCP601
    return "removed"


@mcp.tool()
async def publish_post(text: str) -> str:  # expect: MCP601
    return "published"


@mcp.tool()
async def refund_payment(payment_id: str) -> str:  # expect: MCP601
    return "refunded"


@mcp.tool()
async def transfer_funds(source: str, target: str, amount: int) -> str:  # expect: MCP601
    return "moved"


@mcp.tool()
async def upload_report(name: str, content: str) -> str:  # expect: MCP601
    return "uploaded"


@mcp.tool()
async def cancel_booking(booking_id: str) -> str:  # expect: MCP601
    return "cancelled"


@mcp.tool(annotations=ToolAnnotations(idempotentHint=True))
async def delete_draft(draft_id: str) -> str:  # ok: MCP601
    return "deleted"


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
async def send_preview(to: str) -> str:  # ok: MCP601
    return "previewed"


@mcp.tool()
async def get_weather(city: str) -> str:  # ok: MCP601
    return "sunny"


@mcp.tool()
async def list_orders() -> list[str]:  # ok: MCP601
    return []


@mcp.tool()
async def create_invoice(customer: str, idempotency_key: str) -> str:  # ok: MCP601
    return "created"


def send_newsletter(to: str) -> str:  # ok: MCP601
    """A helper, not a tool."""
    return "sent"


@mcp.resource("orders://{order_id}")
async def delete_order_view(order_id: str) -> str:  # ok: MCP601
    return order_id
