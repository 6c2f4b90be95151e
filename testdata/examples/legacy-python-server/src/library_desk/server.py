"""The desk's MCP server, written the way the SDK 1.x FastMCP examples teach."""

import contextlib
import logging

import mcp.types as types
from mcp.server.fastmcp import Context, FastMCP
from mcp.server.streamable_http import EventStore
from mcp.shared.exceptions import McpError
from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import Mount

from .catalog import CATALOG

log = logging.getLogger("library_desk")

class RecentEvents(EventStore):
    """Keeps the last events of each stream so a client can resume after a dropped connection."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, types.JSONRPCMessage]] = []

    async def store_event(self, stream_id, message):
        event_id = str(len(self.events) + 1)
        self.events.append((event_id, stream_id, message))
        return event_id

    async def replay_events_after(self, last_event_id, send_callback):
        stream = None
        for event_id, stream_id, message in self.events:
            if stream is not None and stream_id == stream:
                await send_callback(message)
            if event_id == last_event_id:
                stream = stream_id
        return stream


mcp = FastMCP("library-desk", stateless_http=False, event_store=RecentEvents())
low = mcp._mcp_server

# Desk state kept per connected client.
log_levels: dict[int, types.LoggingLevel] = {}
watchers: dict[str, set[str]] = {}


@low.set_logging_level()
async def set_level(level: types.LoggingLevel) -> None:
    ctx = mcp.get_context()
    log_levels[id(ctx.session)] = level


@low.subscribe_resource()
async def subscribe(uri) -> None:
    ctx = mcp.get_context()
    watchers.setdefault(str(uri), set()).add(ctx.request_context.request.headers.get("mcp-session-id"))


@low.unsubscribe_resource()
async def unsubscribe(uri) -> None:
    watchers.pop(str(uri), None)


@mcp.tool(annotations=types.ToolAnnotations(readOnlyHint=True))
def search_catalog(text: str) -> list[dict]:
    """Find books by title or author."""
    return [{"isbn": b.isbn, "title": b.title, "author": b.author} for b in CATALOG.search(text)]


@mcp.tool(annotations=types.ToolAnnotations(readOnlyHint=True))
async def summarize_book(isbn: str, ctx: Context) -> str:
    """Ask the client's model for a two-line summary of a book."""
    book = CATALOG.find(isbn)
    if book is None:
        return "unknown book"
    reply = await ctx.session.create_message(
        messages=[
            types.SamplingMessage(
                role="user",
                content=types.TextContent(type="text", text=f"Summarize {book.title} by {book.author} in two lines."),
            )
        ],
        max_tokens=120,
    )
    return reply.content.text if reply.content.type == "text" else ""


@mcp.resource("book://{isbn}")
def book(isbn: str) -> str:
    """One catalogue record."""
    found = CATALOG.find(isbn)
    if found is None:
        raise McpError(types.ErrorData(code=-32002, message="Resource not found", data={"uri": f"book://{isbn}"}))
    return f"{found.title} by {found.author} ({found.copies - len(found.on_loan)} on the shelf)"


@contextlib.asynccontextmanager
async def lifespan(_app):
    async with mcp.session_manager.run():
        yield


def build_app() -> Starlette:
    app = Starlette(routes=[Mount("/", app=mcp.streamable_http_app())], lifespan=lifespan)
    return CORSMiddleware(
        app,
        allow_origins=["https://desk.branch-library.example"],
        allow_methods=["GET", "POST", "DELETE"],
        expose_headers=["Content-Type", "Mcp-Session-Id"],
    )


def main() -> None:
    import uvicorn

    uvicorn.run(build_app(), host="0.0.0.0", port=8080)
