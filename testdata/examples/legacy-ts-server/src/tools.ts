import { z } from 'zod';
import Stripe from 'stripe';
import nodemailer from 'nodemailer';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  McpError,
  PingRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';

const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? '');
const mailer = nodemailer.createTransport(process.env.SMTP_URL ?? 'smtp://localhost:1025');

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const logLevels = new Map<string, LoggingLevel>();
const subscriptions = new Map<string, Set<string>>();

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

export function registerBillingTools(server: McpServer): void {
  async function log(level: LoggingLevel, data: unknown, sessionId?: string) {
    const threshold = (sessionId && logLevels.get(sessionId)) || 'info';
    if (LEVELS.indexOf(level) < LEVELS.indexOf(threshold)) return;
    await server.sendLoggingMessage({ level, logger: 'billing', data }, sessionId);
  }

  server.registerTool(
    'lookup_customer',
    {
      title: 'Look up customer',
      description: 'Find a customer by email address and return their id, plan and balance.',
      inputSchema: { email: z.string().email() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ email }) => {
      const found = await stripe.customers.search({ query: `email:'${email}'`, limit: 1 });
      const customer = found.data[0];
      if (!customer) return text(`No customer with email ${email}`);
      return text(JSON.stringify({ id: customer.id, name: customer.name, balance: customer.balance }));
    },
  );

  server.registerTool(
    'list_invoices',
    {
      title: 'List invoices',
      description: 'List the most recent invoices of a customer.',
      inputSchema: { customerId: z.string(), limit: z.number().int().min(1).max(50).default(10) },
      annotations: { readOnlyHint: true },
    },
    async ({ customerId, limit }) => {
      const invoices = await stripe.invoices.list({ customer: customerId, limit });
      const rows = invoices.data.map((i) => `${i.number}\t${i.status}\t${i.amount_due / 100} ${i.currency}`);
      return text(rows.join('\n') || 'No invoices');
    },
  );

  server.registerTool(
    'send_receipt',
    {
      title: 'Send receipt',
      description: 'Send the payment receipt for an invoice to the customer by email.',
      inputSchema: { invoiceId: z.string(), to: z.string().email() },
    },
    async ({ invoiceId, to }) => {
      const invoice = await stripe.invoices.retrieve(invoiceId);
      await mailer.sendMail({
        from: 'billing@acme.example',
        to,
        subject: `Your receipt for invoice ${invoice.number}`,
        text: `We received your payment of ${invoice.amount_paid / 100} ${invoice.currency.toUpperCase()}. Thank you!`,
      });
      return text(`Receipt for ${invoice.number} sent to ${to}`);
    },
  );

  server.registerTool(
    'charge_card',
    {
      title: 'Charge card',
      description: "Charge the customer's default card on file. Amount is in cents.",
      inputSchema: {
        customerId: z.string(),
        amountCents: z.number().int().positive(),
        currency: z.string().length(3).default('usd'),
        reason: z.string().max(200),
      },
      annotations: { destructiveHint: false },
    },
    async ({ customerId, amountCents, currency, reason }, extra) => {
      const intent = await stripe.paymentIntents.create({
        customer: customerId,
        amount: amountCents,
        currency,
        description: reason,
        confirm: true,
        off_session: true,
      });
      await log('info', { event: 'charge', customerId, amountCents, intent: intent.id }, extra.sessionId);
      return text(`Charged ${amountCents / 100} ${currency}: ${intent.status} (${intent.id})`);
    },
  );

  server.registerTool(
    'refund_payment',
    {
      title: 'Refund payment',
      description: 'Refund a captured payment, fully or partially.',
      inputSchema: {
        paymentIntentId: z.string(),
        amountCents: z.number().int().positive().optional(),
        idempotencyKey: z.string().uuid().describe('Reuse the same key when retrying this refund'),
      },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    async ({ paymentIntentId, amountCents, idempotencyKey }) => {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents },
        { idempotencyKey },
      );
      return text(`Refund ${refund.id}: ${refund.status}`);
    },
  );

  server.registerTool(
    'summarize_account',
    {
      title: 'Summarize account',
      description: 'Give the agent a short plain-language summary of a customer account.',
      inputSchema: { customerId: z.string() },
      annotations: { readOnlyHint: true },
    },
    async ({ customerId }) => {
      const invoices = await stripe.invoices.list({ customer: customerId, limit: 20 });
      const facts = invoices.data.map((i) => `${i.number} ${i.status} ${i.amount_due} ${i.currency}`).join('\n');
      const reply = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize this billing history in 3 sentences:\n${facts}` } }],
        systemPrompt: 'You are a concise billing assistant.',
        maxTokens: 300,
      });
      return text(reply.content.type === 'text' ? reply.content.text : '(no summary)');
    },
  );

  server.registerTool(
    'cancel_subscription',
    {
      title: 'Cancel subscription',
      description: 'Cancel a subscription at the end of the current period, after the user confirms.',
      inputSchema: { subscriptionId: z.string() },
    },
    async ({ subscriptionId }) => {
      const answer = await server.server.elicitInput({
        message: `Cancel subscription ${subscriptionId} at period end?`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: 'Yes, cancel it' } },
          required: ['confirm'],
        },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return text('Cancellation aborted');
      const sub = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      return text(`Subscription ${sub.id} will end on ${new Date(sub.cancel_at! * 1000).toDateString()}`);
    },
  );

  server.registerResource(
    'invoice',
    new ResourceTemplate('invoice://{invoiceId}', { list: undefined }),
    { title: 'Invoice', mimeType: 'application/json' },
    async (uri, { invoiceId }) => {
      const invoice = await stripe.invoices.retrieve(String(invoiceId)).catch(() => undefined);
      if (!invoice) {
        throw new McpError(-32002, 'Resource not found', { uri: uri.href });
      }
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(invoice) }] };
    },
  );

  server.server.setRequestHandler(SetLevelRequestSchema, async (request, extra) => {
    if (extra.sessionId) logLevels.set(extra.sessionId, request.params.level);
    return {};
  });

  server.server.setRequestHandler(PingRequestSchema, async () => {
    return {};
  });

  server.server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
    const key = extra.sessionId ?? 'default';
    const uris = subscriptions.get(key) ?? new Set<string>();
    uris.add(request.params.uri);
    subscriptions.set(key, uris);
    return {};
  });

  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request, extra) => {
    subscriptions.get(extra.sessionId ?? 'default')?.delete(request.params.uri);
    return {};
  });
}
