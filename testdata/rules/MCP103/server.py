"""Stream resumption in Python servers and clients: event stores, Last-Event-ID and tokens."""

from collections import defaultdict

from mcp.client.streamable_http import streamablehttp_client
from mcp.server.lowlevel import Server
from mcp.server.streamable_http import LAST_EVENT_ID_HEADER, EventStore
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared.message import ClientMessageMetadata

server = Server("feed")


# expect: MCP103
class MemoryEventStore(EventStore):
    def __init__(self):
        self.events = defaultdict(list)

    async def store_event(self, stream_id, message):
        self.events[stream_id].append(message)
        return str(len(self.events[stream_id]))

    async def replay_events_after(self, last_event_id, send_callback):
        return None


# expect: MCP101, MCP103
manager = StreamableHTTPSessionManager(app=server, event_store=MemoryEventStore())


async def sse_stream(request):
    # expect: MCP103
    resume_from = request.headers.get("last-event-id")
    # expect: MCP103
    also = request.headers.get(LAST_EVENT_ID_HEADER)
    return resume_from or also


async def call_with_resume(session, token):
    # expect: MCP103
    metadata = ClientMessageMetadata(resumption_token=token)
    return await session.send_request({"method": "tools/call"}, metadata=metadata)


async def remember(session, saved):
    async def on_token(token):
        saved.append(token)

    # expect: MCP103
    return ClientMessageMetadata(on_resumption_token_update=on_token)
