"""Numbers near -32002 that are not the resource-not-found code, and the code read both ways."""

import logging
import os

from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("files")
log = logging.getLogger(__name__)

# ok: MCP401
PORT = int(os.environ.get("PORT", 32002))
# ok: MCP401
BIG = -320020
# ok: MCP401
INVALID_PARAMS_CODE = -32602


def missing(uri):
    # ok: MCP401
    raise McpError(ErrorData(code=INVALID_PARAMS, message="Resource not found", data={"uri": uri}))


def either(err):
    # ok: MCP401
    return err.error.code == -32602 or err.error.code == -32002


def either_in(code):
    # ok: MCP401
    return code in (-32002, -32602)


def to_modern(code):
    # ok: MCP401
    return -32602 if code == -32002 else code


def describe(code):
    # ok: MCP401
    log.info("error -32002 means resource not found")
    # ok: MCP401
    cache_key = "rpc-error:-32002"
    return cache_key


def test_legacy_code(err):
    # ok: MCP401
    assert err.error.code != -32002


def shifted(position):
    # ok: MCP401
    return position - 32002
