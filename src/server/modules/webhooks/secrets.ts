/**
 * The signing of a webhook message (Standard Webhooks, decision 231): `webhook-id`, `webhook-timestamp`
 * (Unix seconds) and `webhook-signature` = space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`,
 * one per secret still in force — after a rotation the old secret signs too until its grace period ends,
 * so a receiver that still holds it keeps verifying. Signed by the `standardwebhooks` library itself.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** How long a rotated-out secret still signs. */
export const SECRET_GRACE_MS = 24 * 60 * 60_000;

/** A fresh secret in the convention's form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export type SigningSecrets = { secret: string; previousSecret: string | null; previousSecretUntil: Date | null };

/** The headers of one attempt of message `messageId` with `body`, signed at `at`. */
export function signedHeaders(messageId: string, at: Date, body: string, secrets: SigningSecrets): Record<string, string> {
  const inForce = [secrets.secret];
  if (secrets.previousSecret && secrets.previousSecretUntil && secrets.previousSecretUntil > at) inForce.push(secrets.previousSecret);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': inForce.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}

/** The webhook-id of a delivery: the same on every attempt, so a receiver can drop a repeat. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId.replace(/-/g, '')}`;
