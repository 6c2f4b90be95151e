import { createMcpHandler } from '@modelcontextprotocol/server';
import { buildServer } from './tools.js';

export const handler = createMcpHandler(buildServer);
