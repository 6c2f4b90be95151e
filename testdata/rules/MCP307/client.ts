// Fixture: a client waiting for the completion notification.
import { Client } from '@modelcontextprotocol/client';
import { ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/core';

export function onComplete(client: Client, done: (id: string) => void) {
  // expect: MCP307
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => {
    // expect: MCP307
    done(n.params.elicitationId);
  });
  // expect: MCP307
  client.setNotificationHandler('notifications/elicitation/complete', () => undefined);
}

export function forward(e: { request: { params: { elicitationId: string } } }) {
  // expect: MCP307
  return { elicitationId: e.request.params.elicitationId, status: 'pending' };
}

export function catchUrl(err: { code: number }) {
  switch (err.code) {
    // expect: MCP307
    case -0x7D2A:
      return 'open the url';
    default:
      return 'fail';
  }
}
