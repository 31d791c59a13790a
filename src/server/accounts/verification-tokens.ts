/**
 * How a link's token is kept in `verifications.identifier` (decision 354): never in clear. A reset,
 * invitation or legacy-welcome link is better-auth's `reset-password:<token>`; the row keeps the
 * prefix and the token's SHA-256 (hex), so our own statements still find a person's links by prefix
 * (`reset-password:%` and the user id) while a copy of the table opens no account. better-auth hashes
 * with this same function (auth.ts `verification.storeIdentifier`) when it writes, finds or consumes
 * a row; the invitations and the legacy import write theirs through `resetPasswordIdentifier`.
 * Migration 0031 hashed the rows written before, the same way.
 */
import { createHash } from 'node:crypto';

export const RESET_PASSWORD_PREFIX = 'reset-password:';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The stored form of any better-auth identifier `<kind>:<token>`: the kind in clear, the token hashed. */
export function hashedIdentifier(identifier: string): string {
  const colon = identifier.indexOf(':');
  return colon < 0 ? sha256Hex(identifier) : identifier.slice(0, colon + 1) + sha256Hex(identifier.slice(colon + 1));
}

/** The stored identifier of a reset-password link's token (invitations, legacy welcome links). */
export const resetPasswordIdentifier = (token: string) => hashedIdentifier(`${RESET_PASSWORD_PREFIX}${token}`);
