// The project itself is a client; its tests use the doubles above.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

export const client = new Client({ name: 'proxy', version: '1.0.0' });
