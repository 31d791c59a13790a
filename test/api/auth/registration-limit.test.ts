/**
 * The registration limit counts what signals abuse. Colleagues registering from one
 * office address pass; duplicate addresses (the enumeration oracle) are throttled; a generous ceiling
 * still bounds registrations of any outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, ORIGIN, type TestContext } from '../../support/app';

let ctx: TestContext;

beforeAll(async () => {
  // The default failure limit (20): the 21st colleague was refused before.
  ctx = await createTestContext({ signUpsPerAddress: 20, signUpSuccessesPerAddress: 200 });
});
afterAll(async () => ctx.close());

function register(email: string, context = ctx, payload: object = { name: 'Colega Nueva', email, password: 'clave1234' }) {
  return context.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN }, payload });
}

describe('registrations from one address', () => {
  it('lets 25 colleagues register within the window', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await register(`colega${i}@oficina.cl`)).statusCode);
    expect(statuses).toEqual(Array(25).fill(200));
  });

  it('throttles repeated duplicate-address attempts, then refuses even a new address', async () => {
    const local = await createTestContext({ signUpsPerAddress: 3, signUpSuccessesPerAddress: 200 });
    try {
      await createUser(local.db, { email: 'existe@oficina.cl' });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await register('existe@oficina.cl', local)).statusCode);
      expect(statuses).toEqual([409, 409, 409, 429]);
      const blocked = await register('nueva@oficina.cl', local);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await local.close();
    }
  });

  it('counts invalid bodies as failures', async () => {
    const local = await createTestContext({ signUpsPerAddress: 2, signUpSuccessesPerAddress: 200 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await register('x', local, { name: 'X', email: `no-es-correo-${i}`, password: 'clave1234' })).statusCode);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await local.close();
    }
  });

  it('still has a ceiling on successes', async () => {
    const local = await createTestContext({ signUpsPerAddress: 20, signUpSuccessesPerAddress: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await register(`tope${i}@oficina.cl`, local)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await local.close();
    }
  });
});
