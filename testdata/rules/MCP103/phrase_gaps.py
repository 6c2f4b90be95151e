# Resumption plumbing named with a phrase's words apart, and no token of the phrase whole.
from mcp.server.lowlevel import Server

server = Server("streams")


class Streams:
    def __init__(self) -> None:
        self.counter = 0

    # expect: MCP103
    def next_sse_event_id(self) -> int:
        self.counter += 1
        return self.counter

    # The words apart, in names of their own: no name says the phrase.
    # ok: MCP103
    def step(self, next: int, event: str, id: int) -> str:
        return f"{next}:{event}:{id}"


def send(streams: Streams) -> int:
    # expect: MCP103
    return streams.next_sse_event_id()
