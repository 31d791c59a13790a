/**
 * Passwords from the earlier app (decisions 156 and 157): Firebase Auth's modified scrypt. The key is
 * scrypt(password, salt ‖ salt separator, N = 2^mem_cost, r = rounds, p = 1, 32 bytes); the stored hash
 * is AES-256-CTR(key, iv = 16 zero bytes) of the project's signer key. An imported person's account
 * keeps that hash (with the project's parameters) under a `firebase-scrypt$` prefix until the first
 * sign-in that matches it, which replaces it with our own hash (auth.ts, `password.verify`).
 */
import { createCipheriv, scrypt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { passwordHashing } from './password';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import { z } from '../../domain/schemas/zod';

/** The project's hash parameters as the Firebase console names them (Authentication → password hash parameters). */
export const firebaseHashConfig = z.object({
  algorithm: z.literal('SCRYPT'),
  base64_signer_key: z.string().min(1),
  base64_salt_separator: z.string(),
  rounds: z.coerce.number().int().min(1).max(8),
  mem_cost: z.coerce.number().int().min(1).max(14),
});
export type FirebaseHashConfig = z.infer<typeof firebaseHashConfig>;

export type FirebaseHash = FirebaseHashConfig & { passwordHash: string; salt: string };

const PREFIX = 'firebase-scrypt$';

function derive(password: string, salt: Buffer, config: FirebaseHashConfig): Promise<Buffer> {
  const N = 2 ** config.mem_cost;
  const r = config.rounds;
  return new Promise((resolve, reject) =>
    scrypt(password, Buffer.concat([salt, Buffer.from(config.base64_salt_separator, 'base64')]), 32, { N, r, p: 1, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Whether `password` gives this Firebase hash; constant-time comparison. Throws nothing (a bad hash is false). */
export async function verifyFirebasePassword(password: string, hash: FirebaseHash): Promise<boolean> {
  try {
    const key = await derive(password, Buffer.from(hash.salt, 'base64'), hash);
    const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
    const computed = Buffer.concat([cipher.update(Buffer.from(hash.base64_signer_key, 'base64')), cipher.final()]);
    const stored = Buffer.from(hash.passwordHash, 'base64');
    return stored.length === computed.length && timingSafeEqual(stored, computed);
  } catch {
    return false;
  }
}

/** What the account row keeps for an imported person: the hash, its salt and the project's parameters. */
export function encodeFirebaseHash(hash: FirebaseHash): string {
  return PREFIX + Buffer.from(JSON.stringify(firebaseHashConfig.extend({ passwordHash: z.string(), salt: z.string() }).parse(hash))).toString('base64url');
}

/** The Firebase hash an account keeps, or null for any other (our own) hash. */
export function decodeFirebaseHash(stored: string): FirebaseHash | null {
  if (!stored.startsWith(PREFIX)) return null;
  try {
    const parsed = firebaseHashConfig.extend({ passwordHash: z.string().min(1), salt: z.string() }).safeParse(JSON.parse(Buffer.from(stored.slice(PREFIX.length), 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * better-auth's `password.verify` (auth.ts): our own hashes as better-auth checks them; an imported
 * Firebase hash by Firebase's formula, and on a match the account gets our hash of the same password
 * at once (the row is found by the old hash, which names one account). Throws what the database throws.
 */
export async function verifyStoredPassword(db: Db, input: { hash: string; password: string }): Promise<boolean> {
  const legacy = decodeFirebaseHash(input.hash);
  if (!legacy) return input.hash.startsWith(PREFIX) ? false : passwordHashing.verify(input);
  if (!(await verifyFirebasePassword(input.password, legacy))) return false;
  await db.update(accounts).set({ password: await passwordHashing.hash(input.password), updatedAt: new Date() }).where(eq(accounts.password, input.hash));
  return true;
}
