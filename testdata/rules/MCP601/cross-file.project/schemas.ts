// Input schemas used by server.ts and dispatch.ts; this file has no MCP context of its own.
import { z } from 'zod';

export const PaymentArgs = z.object({ invoiceId: z.string(), amountCents: z.number() });

export const TransferArgs = z.object({
  from: z.string(),
  to: z.string(),
  idempotencyKey: z.string().uuid(),
});
