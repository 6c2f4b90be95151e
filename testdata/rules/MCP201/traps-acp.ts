// Traps: the Agent Client Protocol's own `initialize`, whose protocolVersion is a number (or
// a number in a string), not an MCP revision date.
import { spawn } from 'node:child_process';

export function handshake(command: string) {
  const proc = spawn(command, ['--acp']);
  const initMsg = JSON.stringify({
    jsonrpc: '2.0',
    // ok: MCP201
    method: 'initialize',
    params: { protocolVersion: '1' },
    id: 1,
  });
  proc.stdin.write(initMsg + '\n');
  const again = {
    jsonrpc: '2.0',
    // ok: MCP201
    method: 'initialize',
    params: { protocolVersion: 1, clientCapabilities: {} },
    id: 2,
  };
  proc.stdin.write(JSON.stringify(again) + '\n');
}
