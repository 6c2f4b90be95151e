// Tools and resources of the parcel desk. Both protocol eras share these.
import { randomUUID } from 'node:crypto';
import type { CallToolResult, TextResourceContents, Tool } from '@modelcontextprotocol/server';

interface Parcel {
  id: string;
  status: 'label_created' | 'in_transit' | 'out_for_delivery' | 'delivered';
  lastScan: string;
  postcode: string;
}

interface Booking {
  bookingId: string;
  parcelId: string;
  slot: string;
  at: number;
}

const parcels = new Map<string, Parcel>([
  ['PD-100234', { id: 'PD-100234', status: 'in_transit', lastScan: 'Leipzig hub', postcode: '04109' }],
  ['PD-100871', { id: 'PD-100871', status: 'out_for_delivery', lastScan: 'Dresden depot', postcode: '01067' }],
]);

/** Bookings by idempotency key, kept for a day so retries return the first booking. */
const bookings = new Map<string, Booking>();
const BOOKING_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const TOOLS: Tool[] = [
  {
    name: 'track_parcel',
    title: 'Track parcel',
    description: 'Current status and last scan of a parcel.',
    inputSchema: {
      type: 'object',
      properties: { parcelId: { type: 'string' } },
      required: ['parcelId'],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'book_delivery_slot',
    title: 'Book delivery slot',
    description: 'Book a two-hour delivery window for a parcel that is not delivered yet.',
    inputSchema: {
      type: 'object',
      properties: {
        parcelId: { type: 'string' },
        slot: { type: 'string', description: 'Start of the window, ISO 8601' },
        idempotencyKey: { type: 'string', description: 'Same key on retry returns the same booking' },
      },
      required: ['parcelId', 'slot', 'idempotencyKey'],
    },
  },
];

const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], isError });

export async function callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const parcel = parcels.get(String(args.parcelId ?? ''));
  switch (name) {
    case 'track_parcel':
      return parcel ? text(`${parcel.id}: ${parcel.status} (last scan: ${parcel.lastScan})`) : text('Unknown parcel', true);

    case 'book_delivery_slot': {
      const key = String(args.idempotencyKey ?? '');
      if (key === '') return text('idempotencyKey is required', true);
      const now = Date.now();
      for (const [k, b] of bookings) if (now - b.at > BOOKING_KEY_TTL_MS) bookings.delete(k);

      const previous = bookings.get(key);
      if (previous) return text(`Booked ${previous.slot} (${previous.bookingId})`);
      if (!parcel || parcel.status === 'delivered') return text('Parcel cannot be rescheduled', true);

      const booking: Booking = { bookingId: randomUUID(), parcelId: parcel.id, slot: String(args.slot), at: now };
      bookings.set(key, booking);
      return text(`Booked ${booking.slot} (${booking.bookingId})`);
    }

    default:
      return text(`Unknown tool ${name}`, true);
  }
}

export function readResource(uri: string): TextResourceContents[] | undefined {
  const match = /^parcel:\/\/(.+)$/.exec(uri);
  const parcel = match ? parcels.get(match[1]) : undefined;
  if (!parcel) return undefined;
  return [{ uri, mimeType: 'application/json', text: JSON.stringify(parcel) }];
}
