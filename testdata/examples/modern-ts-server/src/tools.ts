import { z } from 'zod';
import {
  acceptedContent,
  createRequestStateCodec,
  inputRequired,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  type CallToolResult,
  type InputRequiredResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { IncidentStore } from './store.js';

const store = new IncidentStore();

type UserId = string;
interface UserSession {
  displayName: string;
  team: string;
  expiresAt: number;
}

/** SSO login sessions of the people behind the calls, keyed by their user id. */
const userSessions = new Map<UserId, UserSession>();

function caller(ctx: ServerContext): string {
  const userId = ctx.http?.authInfo?.extra?.userId as UserId | undefined;
  const session = userId === undefined ? undefined : userSessions.get(userId);
  if (session && session.expiresAt > Date.now()) return session.displayName;
  return userId ?? 'unknown';
}

interface EscalationState {
  incidentId: string;
  confirmedBy: string;
}

export const stateCodec = createRequestStateCodec<EscalationState>({
  key: Buffer.from(process.env.REQUEST_STATE_KEY ?? '', 'base64'),
  ttlSeconds: 600,
});

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const confirmSchema = z.object({ confirm: z.boolean() });
const responderSchema = z.object({ responder: z.enum(['primary', 'secondary', 'incident-commander']) });

export function buildServer(): McpServer {
  const server = new McpServer(
    { name: 'incident-desk', version: '2.1.0' },
    {
      capabilities: { tools: {}, resources: { subscribe: true } },
      requestState: { verify: stateCodec.verify },
    },
  );

  server.registerTool(
    'get_oncall',
    {
      title: 'Who is on call',
      description: 'Shows who is on call for a service right now. Use it before you ping the on-call engineer.',
      inputSchema: z.object({ service: z.string() }),
      annotations: { readOnlyHint: true },
    },
    async ({ service }) => {
      const shift = store.onCall(service);
      return text(shift ? `${shift.primary} (backup ${shift.secondary}) until ${shift.until}` : `No rotation for ${service}`);
    },
  );

  server.registerTool(
    'search_incidents',
    {
      title: 'Search incidents',
      description: 'Full-text search over incident titles, newest first.',
      inputSchema: z.object({ query: z.string(), limit: z.number().int().min(1).max(50).default(10) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, limit }) => text(JSON.stringify(store.search(query, limit))),
  );

  server.registerTool(
    'create_incident',
    {
      title: 'Create incident',
      description: 'Open a new incident. Retrying with the same idempotencyKey returns the first incident.',
      inputSchema: z.object({
        title: z.string().min(5),
        service: z.string(),
        severity: z.enum(['sev1', 'sev2', 'sev3']),
        idempotencyKey: z.string().uuid(),
      }),
    },
    async ({ idempotencyKey, ...fields }, ctx) => {
      const incident = store.create(idempotencyKey, { ...fields, openedBy: caller(ctx) });
      return text(`${incident.id} is ${incident.status}`);
    },
  );

  server.registerTool(
    'set_incident_status',
    {
      title: 'Set incident status',
      description: 'Update the status of an incident. Setting the same status twice has no further effect.',
      inputSchema: z.object({ incidentId: z.string(), status: z.enum(['open', 'mitigated', 'resolved']) }),
      annotations: { idempotentHint: true, destructiveHint: false },
    },
    async ({ incidentId, status }) => {
      const incident = store.setStatus(incidentId, status);
      return text(incident ? `${incident.id} is now ${incident.status}` : `No incident ${incidentId}`);
    },
  );

  server.registerTool(
    'escalate_incident',
    {
      title: 'Escalate incident',
      description: 'Escalate an incident to a responder after the operator confirms and picks who.',
      inputSchema: z.object({ incidentId: z.string(), idempotencyKey: z.string().uuid() }),
    },
    async ({ incidentId, idempotencyKey }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      const state = ctx.mcpReq.requestState<EscalationState>();

      if (state?.incidentId !== incidentId) {
        const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmSchema);
        if (confirmed?.confirm !== true) {
          return inputRequired({
            inputRequests: { confirm: inputRequired.elicit({ message: `Escalate ${incidentId}?`, requestedSchema: confirmSchema }) },
          });
        }
        return inputRequired({
          inputRequests: { responder: inputRequired.elicit({ message: 'Escalate to whom?', requestedSchema: responderSchema }) },
          requestState: await stateCodec.mint({ incidentId, confirmedBy: caller(ctx) }),
        });
      }

      const choice = acceptedContent(ctx.mcpReq.inputResponses, 'responder', responderSchema);
      if (choice === undefined) return text('Escalation cancelled');
      const incident = store.get(incidentId);
      const shift = incident && store.onCall(incident.service);
      const responder = choice.responder === 'secondary' ? shift?.secondary : shift?.primary;
      const updated = store.escalate(idempotencyKey, incidentId, responder ?? choice.responder);
      return text(updated ? `${updated.id} escalated to ${updated.escalatedTo} by ${state.confirmedBy}` : `No incident ${incidentId}`);
    },
  );

  server.registerResource(
    'incident',
    new ResourceTemplate('incident://{id}', { list: undefined }),
    { title: 'Incident', mimeType: 'application/json' },
    async (uri, { id }) => {
      const incident = store.get(String(id));
      if (!incident) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource ${uri.href} not found`, { uri: uri.href });
      }
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(incident) }] };
    },
  );

  return server;
}
