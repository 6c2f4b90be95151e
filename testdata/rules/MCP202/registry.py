"""Handlers registered on a hand-rolled JSON-RPC layer by method name."""


class Rpc:
    def __init__(self) -> None:
        self.methods: dict = {}

    def register(self, name: str, fn) -> None:
        self.methods[name] = fn


rpc = Rpc()
# expect: MCP202
rpc.register("tools/list", lambda params: {"tools": []})
rpc.register("tools/call", lambda params: {"content": [{"type": "text", "text": "ok"}]})
