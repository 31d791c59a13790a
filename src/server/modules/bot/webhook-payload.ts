/**
 * What arrives at POST /webhook/whatsapp: its signature and its two payload shapes, the spec's
 * (spec part 2 §7: `from`, `body`, `timestamp`) and WhatsApp Cloud API's
 * (`entry[].changes[].value.messages[]` with `from`, `id`, `timestamp`, `text.body`).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export type InboundMessage = {
  /** The sender's number as sent (digits, maybe with `+` or `whatsapp:`). */
  from: string;
  /** WhatsApp's id, or `spec:` + a digest of sender, time and text: a retry carries the same one. */
  externalId: string;
  sentAt: Date;
  body: string;
};

/** True when `header` is `sha256=` + the hex HMAC-SHA256 of exactly these bytes; compared in constant time. */
export function hasValidSignature(raw: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = header.slice('sha256='.length);
  if (!/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export function signBody(raw: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

const MAX_BODY_CHARS = 4096;
const text = z.string().min(1).max(MAX_BODY_CHARS);
const sender = z.string().min(1).max(40);
/** Unix seconds (WhatsApp sends them as a string of digits), milliseconds, or an ISO date. */
const timestamp = z.union([z.number(), z.string().min(1).max(40)]);

const specShape = z.object({ from: sender, body: text, timestamp: timestamp.optional() });

const cloudMessage = z.object({
  from: sender,
  id: z.string().min(1).max(200),
  timestamp,
  type: z.string().optional(),
  text: z.object({ body: text }).optional(),
});
const cloudShape = z.object({
  object: z.string().optional(),
  entry: z
    .array(z.object({ changes: z.array(z.object({ value: z.object({ messages: z.array(cloudMessage).max(100).optional() }).passthrough() })).max(100) }))
    .max(100),
});

function toDate(value: number | string | undefined, received: Date): Date {
  if (value === undefined) return received;
  const numeric = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : null;
  const date = numeric !== null ? new Date(numeric < 1e12 ? numeric * 1000 : numeric) : new Date(value);
  // A missing or absurd time (more than a day ahead, or before 2000) is replaced by the arrival time.
  if (Number.isNaN(date.getTime()) || date.getTime() > received.getTime() + 86_400_000 || date.getFullYear() < 2000) return received;
  return date;
}

/**
 * The text messages of a delivery, or null when the body is neither shape. Cloud API statuses and
 * non-text messages (images, reactions…) are valid deliveries with no message to store.
 */
export function parseDelivery(payload: unknown, received: Date): InboundMessage[] | null {
  const cloud = cloudShape.safeParse(payload);
  if (cloud.success) {
    return cloud.data.entry.flatMap((entry) =>
      entry.changes.flatMap((change) =>
        (change.value.messages ?? [])
          .filter((message) => message.text !== undefined)
          .map((message) => ({ from: message.from, externalId: message.id, sentAt: toDate(message.timestamp, received), body: message.text!.body })),
      ),
    );
  }
  const spec = specShape.safeParse(payload);
  if (spec.success) {
    const { from, body } = spec.data;
    const digest = createHash('sha256').update(JSON.stringify([from, spec.data.timestamp ?? null, body])).digest('hex');
    return [{ from, externalId: `spec:${digest}`, sentAt: toDate(spec.data.timestamp, received), body }];
  }
  return null;
}
