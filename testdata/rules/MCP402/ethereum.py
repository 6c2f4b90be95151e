"""An Ethereum JSON-RPC client: its -32000 family is its own, not MCP's."""

from web3 import Web3


def send(w3: Web3, tx):
    try:
        return w3.eth.send_raw_transaction(tx)
    except ValueError as err:
        # ok: MCP402
        if err.args[0]["code"] == -32000:
            return "nonce too low"
        raise
