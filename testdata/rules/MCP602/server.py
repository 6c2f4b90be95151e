"""Servers that decode `request_state` without verifying it."""

import base64
import json
import pickle

# expect: MCP203
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("wizard")


async def resume(params) -> dict:
    # expect: MCP602
    state = json.loads(base64.b64decode(params.request_state))
    return state


def restore(request) -> dict:
    raw = request.params.request_state
    # expect: MCP602
    return pickle.loads(base64.urlsafe_b64decode(raw))


def step_of(params) -> str:
    # expect: MCP602
    step, _ = params.request_state.split(".", 1)
    return step


class Step:
    @classmethod
    def model_validate_json(cls, raw):
        return cls()


def typed(params) -> Step:
    # expect: MCP602
    return Step.model_validate_json(params.request_state)


def from_dict(request: dict) -> dict:
    # expect: MCP602
    return json.loads(request["requestState"])


def partitioned(args) -> str:
    # expect: MCP602
    head, _, _ = args.request_state.partition(":")
    return head
