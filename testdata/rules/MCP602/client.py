"""Clients that look inside `requestState` or rebuild it."""

import base64
import json


def peek(result) -> dict:
    # expect: MCP602
    return json.loads(base64.urlsafe_b64decode(result.requestState))


def bump(response) -> str:
    # expect: MCP602
    return response.requestState.strip()


def decoded(reply) -> bytes:
    # expect: MCP602
    return base64.b64decode(reply.request_state)


async def retry(session, name: str, answers: dict, first):
    # expect: MCP602
    state = json.loads(base64.b64decode(first.requestState))
    state["approved"] = True
    return await session.send_request(
        {
            "method": "tools/call",
            "params": {"name": name, "inputResponses": answers, "requestState": base64.b64encode(json.dumps(state).encode())},
        }
    )


def prefix(output) -> bool:
    # expect: MCP602
    return output.requestState.startswith("v1.")


def parts(page) -> list:
    # expect: MCP602
    return page.request_state.rsplit(".", 1)
