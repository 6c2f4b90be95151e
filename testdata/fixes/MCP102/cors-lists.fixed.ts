// The removed session header leaves the CORS lists; the rest of each list stays as written.
import cors from 'cors';
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export const app = express();

app.use(
  cors({
    origin: '*',
    exposedHeaders: [],
    allowedHeaders: ['Content-Type', 'Authorization'],
  }),
);

export const DEFAULT_CORS = {
  allowHeaders: 'Content-Type, Accept, Authorization',
  exposeHeaders: [
    'Content-Type',
  ],
};

export type Transport = StreamableHTTPServerTransport;
