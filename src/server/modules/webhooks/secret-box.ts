/**
 * Webhook signing secrets are kept sealed (decision 307): the server must sign with them, so they
 * cannot be hashed like an API key, but a copy of the database alone no longer hands them out. They
 * are sealed with AES-256-GCM under a key derived from the server's BETTER_AUTH_SECRET (HKDF), which
 * never enters the database.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, not, or, like, isNotNull } from 'drizzle-orm';
import { AppError, errorMessage } from '#domain/errors';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';

const PREFIX = 'sealed:v1:';

/** Why a sealed secret could not be used, and what to do: the refusal's own text, also written in the endpoint's log. */
export const SECRET_DOES_NOT_OPEN = errorMessage('WEBHOOK_SECRET_UNREADABLE');

/** The sealing key of this server: derived, not stored. */
export function webhookSecretKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'jobby', 'webhook signing secrets v1', 32));
}

/** `sealed:v1:<iv>.<ciphertext>.<tag>`, each in base64. */
export function sealSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64')}.${sealed.toString('base64')}.${cipher.getAuthTag().toString('base64')}`;
}

/**
 * The secret a stored value holds. A value from before sealing (plain `whsec_…`) is read as it is
 * until `sealPlainSecrets` seals it at the next start.
 * @throws when the value was sealed under another key (BETTER_AUTH_SECRET changed) or altered.
 */
export function openSecret(stored: string, key: Buffer): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, sealed, tag] = stored.slice(PREFIX.length).split('.').map((part) => Buffer.from(part, 'base64'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    throw new AppError('WEBHOOK_SECRET_UNREADABLE');
  }
}

/** `openSecret`, or null when the value does not open under this key. */
export function openSecretOrNull(stored: string, key: Buffer): string | null {
  try {
    return openSecret(stored, key);
  } catch {
    return null;
  }
}

/** Seals the secrets still stored plain (endpoints registered before decision 307); run at start. Answers how many rows. */
export async function sealPlainSecrets(db: Db, key: Buffer): Promise<number> {
  const plain = not(like(webhookEndpoints.secret, `${PREFIX}%`));
  const plainPrevious = and(isNotNull(webhookEndpoints.previousSecret), not(like(webhookEndpoints.previousSecret, `${PREFIX}%`)));
  const rows = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previousSecret: webhookEndpoints.previousSecret })
    .from(webhookEndpoints)
    .where(or(plain, plainPrevious));
  for (const row of rows) {
    const seal = (value: string) => (value.startsWith(PREFIX) ? value : sealSecret(value, key));
    await db
      .update(webhookEndpoints)
      .set({ secret: seal(row.secret), previousSecret: row.previousSecret === null ? null : seal(row.previousSecret) })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)));
  }
  return rows.length;
}
