"""Protocol logs sent and consumed by hand-written code."""

import mcp.types as types


async def log_to_client(transport, text):
    await transport.send_and_receive(
        {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": text}}  # expect: MCP302
    )


async def replay(dispatcher):
    await dispatcher.handle_message({"jsonrpc": "2.0", "method": "notifications/message", "params": {}})  # ok: MCP302


def configure(kwargs, on_log, on_message):
    kwargs["logging_callback"] = on_log  # expect: MCP302
    kwargs["message_handler"] = on_message  # ok: MCP302
