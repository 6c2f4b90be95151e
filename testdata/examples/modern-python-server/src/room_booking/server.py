"""The booking server on the SDK 2.x `MCPServer`: every request stands on its own."""

from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, ToolAnnotations

from .rooms import ROOMS, Booking

mcp = MCPServer("room-booking")

# Port 32002 is the office proxy's, not an error code.
PORT = 32002


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
def room_schedule(room: str) -> list[dict]:
    """The bookings of one room, earliest first."""
    return [{"start": b.start, "end": b.end, "organizer": b.organizer} for b in ROOMS.schedule(room)]


@mcp.tool(annotations=ToolAnnotations(idempotentHint=True))
def book_room(room: str, start: str, end: str, organizer: str, idempotency_key: str) -> dict:
    """Book a room; sending the same idempotency key again returns the same booking."""
    if not ROOMS.exists(room):
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"no room {room}"))
    booking = ROOMS.book(idempotency_key, Booking(room, start, end, organizer))
    return {"room": booking.room, "start": booking.start, "end": booking.end}


@mcp.tool(annotations=ToolAnnotations(idempotentHint=True, destructiveHint=True))
def cancel_booking(idempotency_key: str) -> bool:
    """Cancel the booking made with this key; cancelling twice is harmless."""
    return ROOMS.cancel(idempotency_key)


@mcp.resource("room://{name}")
def room(name: str) -> str:
    """One room and its bookings."""
    if not ROOMS.exists(name):
        raise McpError(ErrorData(code=INVALID_PARAMS, message="Resource not found", data={"uri": f"room://{name}"}))
    return "\n".join(f"{b.start}-{b.end} {b.organizer}" for b in ROOMS.schedule(name))


def main() -> None:
    mcp.run(transport="streamable-http", host="0.0.0.0", port=PORT, stateless_http=True)
