"""A class-based dispatcher whose branches call methods that build the results."""


class Router:
    def tools(self) -> dict:
        return {"tools": [{"name": "grep", "inputSchema": {"type": "object"}}]}

    def call(self, name: str) -> dict:
        return {"content": [{"type": "text", "text": f"called {name}"}]}

    def route(self, message: dict) -> dict:
        method = message["method"]
        # expect: MCP202
        if method == "tools/list":
            return self.tools()
        if method == "tools/call":
            return self.call(message["params"]["name"])
        raise KeyError(method)
