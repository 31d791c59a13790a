import { createCipheriv, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeFirebaseHash, encodeFirebaseHash, verifyFirebasePassword } from '../../accounts/firebase-password';
import { legacyTime } from './parse';

describe('legacyTime', () => {
  it('reads ISO text, milliseconds as a number or as digits, and nothing else', () => {
    expect(legacyTime('2025-03-03T12:00:00.000Z')?.toISOString()).toBe('2025-03-03T12:00:00.000Z');
    expect(legacyTime(1_741_003_200_000)?.toISOString()).toBe('2025-03-03T12:00:00.000Z');
    expect(legacyTime('1741003200000')?.toISOString()).toBe('2025-03-03T12:00:00.000Z');
    expect(legacyTime('ayer')).toBeNull();
    expect(legacyTime(undefined)).toBeNull();
    expect(legacyTime('')).toBeNull();
  });
});

describe('Firebase modified scrypt', () => {
  const config = { algorithm: 'SCRYPT' as const, base64_signer_key: Buffer.from('clave-firmante').toString('base64'), base64_salt_separator: 'Bw==', rounds: 8, mem_cost: 10 };
  const salt = Buffer.from('sal').toString('base64');
  // The formula written out here, independently of the module, on small parameters (the published sample above is the reference).
  const key = scryptSync('secreta1', Buffer.concat([Buffer.from(salt, 'base64'), Buffer.from('Bw==', 'base64')]), 32, { N: 1024, r: 8, p: 1 });
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
  const passwordHash = Buffer.concat([cipher.update(Buffer.from(config.base64_signer_key, 'base64')), cipher.final()]).toString('base64');

  it("gives the hash of Firebase's own scrypt tool for its published sample account (github.com/firebase/scrypt, README)", async () => {
    // The sample project parameters, exported account and password of that README, and the hash its
    // `scrypt` utility prints for them: the same bytes as Firebase Auth's export, so an imported person's
    // password is checked the way Firebase checked it.
    const sample = {
      algorithm: 'SCRYPT' as const,
      base64_signer_key: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
      base64_salt_separator: 'Bw==',
      rounds: 8,
      mem_cost: 14,
      salt: '42xEC+ixf3L2lw==',
      passwordHash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
    };
    expect(await verifyFirebasePassword('user1password', sample)).toBe(true);
    expect(await verifyFirebasePassword('user1Password', sample)).toBe(false);
    expect(await verifyFirebasePassword('user1password', { ...sample, base64_salt_separator: '' })).toBe(false);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    expect(await verifyFirebasePassword('secreta1', { ...config, passwordHash, salt })).toBe(true);
    expect(await verifyFirebasePassword('secreta2', { ...config, passwordHash, salt })).toBe(false);
  });

  it('keeps the hash and its parameters in the account row and reads them back; other hashes are not Firebase ones', () => {
    const stored = encodeFirebaseHash({ ...config, passwordHash, salt });
    expect(decodeFirebaseHash(stored)).toEqual({ ...config, passwordHash, salt });
    expect(decodeFirebaseHash('abcd:1234')).toBeNull();
    expect(decodeFirebaseHash('firebase-scrypt$basura')).toBeNull();
  });
});
