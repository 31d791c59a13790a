/**
 * The password hash of every account: better-auth's scrypt (node:crypto), for sign-up, sign-in, the
 * accounts level 1 and HR create, and the demo seed. The API tests swap in a cheap hash
 * (test/support/app.ts, decision 125): scrypt costs ~0.1 s of CPU per sign-in and the suite signs in
 * thousands of times. Only code running under Vitest can swap it; nothing in the configuration can.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';

export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

const scrypt: PasswordHashing = { hash: scryptHash, verify: scryptVerify };
let current: PasswordHashing = scrypt;

/** What better-auth and the account-creating services call: scrypt, unless a test swapped it. */
export const passwordHashing: PasswordHashing = {
  hash: (password) => current.hash(password),
  verify: (data) => current.verify(data),
};

const TEST_PREFIX = 'test-sha256:';

function testDigest(salt: string, password: string): Buffer {
  return createHash('sha256').update(`${salt}:${password}`).digest();
}

/**
 * Tests only: a salted SHA-256 instead of scrypt (a wrong password is still refused). A scrypt hash
 * made before the swap still verifies. Throws outside Vitest, so a server can never run with it.
 */
export function useTestPasswordHashing(): void {
  if (process.env.VITEST !== 'true') throw new Error('The test password hash runs only under Vitest');
  current = {
    hash: async (password) => {
      const salt = randomBytes(8).toString('hex');
      return `${TEST_PREFIX}${salt}:${testDigest(salt, password).toString('hex')}`;
    },
    verify: async ({ hash, password }) => {
      if (!hash.startsWith(TEST_PREFIX)) return scrypt.verify({ hash, password });
      const [salt, digest] = hash.slice(TEST_PREFIX.length).split(':');
      const expected = Buffer.from(digest ?? '', 'hex');
      const actual = testDigest(salt ?? '', password);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
