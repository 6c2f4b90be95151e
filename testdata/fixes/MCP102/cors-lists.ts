// The removed session header leaves the CORS lists; the rest of each list stays as written.
import cors from 'cors';
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export const app = express();

app.use(
  cors({
    origin: '*',
    exposedHeaders: ['Mcp-Session-Id'],
    allowedHeaders: ['Content-Type', 'mcp-session-id', 'Authorization'],
  }),
);

export const DEFAULT_CORS = {
  allowHeaders: 'Content-Type, Accept, Authorization, Mcp-Session-Id',
  exposeHeaders: [
    'Content-Type',
    'Mcp-Session-Id',
  ],
};

export type Transport = StreamableHTTPServerTransport;
