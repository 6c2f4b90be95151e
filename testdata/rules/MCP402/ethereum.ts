// Traps: JSON-RPC code that is not MCP (an Ethereum node client); its -32000 family is its own.
import { JsonRpcProvider } from 'ethers';

export async function send(provider: JsonRpcProvider, tx: string) {
  try {
    return await provider.send('eth_sendRawTransaction', [tx]);
  } catch (err) {
    const e = err as { code: number };
    // ok: MCP402
    if (e.code === -32000) return 'nonce too low';
    // ok: MCP402
    if (e.code === -32003) return 'transaction rejected';
    throw err;
  }
}

// ok: MCP402
export const reverted = { code: -32015, message: 'execution reverted' };
