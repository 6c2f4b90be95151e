"""A `match` statement on the request's method (Python 3.10)."""


def tools_result() -> dict:
    return {"tools": [{"name": "grep", "inputSchema": {"type": "object"}}]}


def call_result(name: str) -> dict:
    return {"content": [{"type": "text", "text": f"called {name}"}], "isError": False}


def route(request: dict) -> dict:
    # expect: MCP202
    match request["method"]:
        case "tools/list":
            return tools_result()
        case "tools/call":
            return call_result(request["params"]["name"])
        case _:
            raise ValueError(f"unknown method {request['method']}")
