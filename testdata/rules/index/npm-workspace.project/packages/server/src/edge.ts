// The MCP endpoint's routes: each verb goes to a route shell of `edge-shells.ts`, which hands
// the request on to the handlers of `edge-stack.ts`.
import express from 'express';
import { onPost, onGet, onDelete, onDeleteUser } from './edge-shells.js';

const app = express();
app.post('/mcp', onPost);
// expect: MCP104
app.get('/mcp', onGet);
// expect: MCP104
app.delete('/mcp', onDelete);

// Another API's route: what its handler hands on to is not the MCP endpoint's.
// ok: MCP104
app.delete('/users/:id', onDeleteUser);
