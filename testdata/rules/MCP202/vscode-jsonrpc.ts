// A server on vscode-jsonrpc over stdio.
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));

// expect: MCP202
connection.onRequest('resources/list', () => ({ resources: [] }));
connection.onRequest('resources/templates/list', () => ({ resourceTemplates: [] }));
connection.listen();
