import { verifyPassword } from 'better-auth/crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordHashing, useTestPasswordHashing } from './password';

describe('password hashing', () => {
  const vitest = process.env.VITEST;
  afterEach(() => {
    process.env.VITEST = vitest;
  });

  it('is better-auth scrypt unless a test swapped it', async () => {
    const hash = await passwordHashing.hash('clave-segura-1');
    expect(hash).not.toMatch(/^test-/);
    expect(await verifyPassword({ hash, password: 'clave-segura-1' })).toBe(true);
    expect(await passwordHashing.verify({ hash, password: 'otra-clave' })).toBe(false);
  });

  it('cannot be swapped outside Vitest', () => {
    delete process.env.VITEST;
    expect(() => useTestPasswordHashing()).toThrow('The test password hash runs only under Vitest');
  });

  it("the tests' hash refuses a wrong password and still verifies a scrypt hash made before the swap", async () => {
    const scrypt = await passwordHashing.hash('clave-antigua');
    useTestPasswordHashing();
    const cheap = await passwordHashing.hash('clave-segura-1');
    expect(cheap).toMatch(/^test-sha256:/);
    expect(await passwordHashing.verify({ hash: cheap, password: 'clave-segura-1' })).toBe(true);
    expect(await passwordHashing.verify({ hash: cheap, password: 'clave-segura-2' })).toBe(false);
    expect(await passwordHashing.verify({ hash: scrypt, password: 'clave-antigua' })).toBe(true);
  });
});
