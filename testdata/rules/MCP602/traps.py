"""Traps: sealed state, echoed state, other fields."""

import base64
import hashlib
import hmac
import json

from cryptography.fernet import Fernet

KEY = b"k"


def verified(params) -> dict:
    body, sig = params.request_state.rsplit(".", 1)
    expected = hmac.new(KEY, body.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(sig, expected):
        raise ValueError("forged state")
    # ok: MCP602
    return json.loads(base64.b64decode(body))


def sealed(params, fernet: Fernet) -> dict:
    # ok: MCP602
    return json.loads(fernet.decrypt(params.request_state))


async def echo(session, name: str, answers: dict, first):
    return await session.send_request(
        {
            "method": "tools/call",
            # ok: MCP602
            "params": {"name": name, "inputResponses": answers, "requestState": first.requestState},
        }
    )


def cursor(result) -> dict:
    # ok: MCP602
    return json.loads(base64.b64decode(result.nextCursor))


def logged(result, log) -> None:
    # ok: MCP602
    log.debug("state %s", result.requestState)


def kept(response) -> dict:
    # ok: MCP602
    return {"state": response.requestState}


async def test_state_is_sealed(session):
    first = await session.call_tool("guard", {})
    # ok: MCP602
    assert first.request_state.startswith("v1.")
    # ok: MCP602
    tampered = first.request_state[:-2] + ("AA" if not first.request_state.endswith("AA") else "BB")
    return tampered
