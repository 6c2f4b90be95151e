"""Events, ids and stores that have nothing to do with resuming an MCP stream."""

import asyncio

from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

server = Server("feed")

# ok: MCP101, MCP103
manager = StreamableHTTPSessionManager(app=server, event_store=None, stateless=True)


class AuditEvents:
    # ok: MCP103
    last_audit_id = 0

    def record(self, event):
        # ok: MCP103
        self.last_audit_id += 1
        return event


def kafka_offsets(consumer):
    # ok: MCP103
    event_id = consumer.position()
    # ok: MCP103
    queue = asyncio.Queue()
    return event_id, queue


def describe():
    # ok: MCP103
    return "Last-Event-ID is no longer honoured"
