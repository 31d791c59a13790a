/**
 * The sign-in limiter (OWASP ASVS V2.2): failures only, per account and per address;
 * an office behind one address signs in on a Monday; X-Forwarded-For buys no new attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, createUser, ORIGIN, PASSWORD, signIn, type TestContext } from '../../support/app';

const TOO_MANY = 'Demasiados intentos fallidos. Intenta más tarde.';

let ctx: TestContext;

beforeAll(async () => {
  // Caps below the 20 colleagues: if successes counted, the office would be locked out.
  ctx = await createTestContext({ signInFailuresPerAccount: 10, signInFailuresPerAddress: 15, signUpsPerAddress: 3 });
});
afterAll(async () => ctx.close());

function attempt(email: string, password: string, headers: Record<string, string> = {}, context = ctx) {
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN, ...headers },
    payload: { email, password },
  });
}

describe('sign-in limiter', () => {
  it('lets 20 colleagues from one address sign in within a minute', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `colega${i}@oficina.cl`);
    for (const email of emails) await createUser(ctx.db, { email });
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await attempt(email, PASSWORD)).statusCode);
    expect(statuses).toEqual(Array(20).fill(200));
  });

  it('throttles the 11th wrong password on one account, and then the right one too', async () => {
    await createUser(ctx.db, { email: 'victima@oficina.cl' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt('victima@oficina.cl', `mala-${i}`, {}, ctx)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const right = await attempt('victima@oficina.cl', PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: TOO_MANY });
  });
});

describe('per-address cap', () => {
  it('counts failures on many accounts from one socket, whatever X-Forwarded-For says', async () => {
    const local = await createTestContext({ signInFailuresPerAccount: 100, signInFailuresPerAddress: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await attempt(`nadie${i}@oficina.cl`, 'mala-clave', { 'x-forwarded-for': `10.0.0.${i}` }, local)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await local.close();
    }
  });

  it('behind one trusted proxy, takes the address the proxy saw, not the leftmost one the client wrote', async () => {
    const proxied = await createTestContext({ signInFailuresPerAccount: 100, signInFailuresPerAddress: 5, trustProxy: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await attempt(`otro${i}@oficina.cl`, 'mala-clave', { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` }, proxied);
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Another client behind the same proxy is not affected.
      const other = await attempt('otro0@oficina.cl', 'mala-clave', { 'x-forwarded-for': '203.0.113.8' }, proxied);
      expect(other.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('registration and the current-password check are limited too', () => {
  it('limits registrations per address before answering that an address is in use', async () => {
    await createUser(ctx.db, { email: 'existe@oficina.cl' });
    const results: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN, 'x-forwarded-for': `10.1.0.${i}` },
        payload: { name: 'Curioso', email: 'existe@oficina.cl', password: 'clave123' },
      });
      results.push(res.statusCode);
    }
    expect(results).toEqual([409, 409, 409, 429]);
  });

  it('throttles wrong current passwords on /api/me/password with the account counter', async () => {
    const local = await createTestContext({ signInFailuresPerAccount: 3 });
    try {
      await createUser(local.db, { email: 'clave@oficina.cl' });
      const cookie = await signIn(local.app, 'clave@oficina.cl');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await local.app.inject({
          method: 'POST',
          url: '/api/me/password',
          headers: as(cookie),
          payload: { currentPassword: `mala-${i}`, newPassword: 'nueva123', confirmPassword: 'nueva123' },
        });
        statuses.push(res.statusCode);
      }
      // The sign-in above was a success and did not count: three failures reach the cap of 3.
      expect(statuses).toEqual([400, 400, 400]);
      const right = await local.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: as(cookie),
        payload: { currentPassword: PASSWORD, newPassword: 'nueva123', confirmPassword: 'nueva123' },
      });
      expect(right.statusCode).toBe(429);
      expect(right.json().error.message).toBe(TOO_MANY);
    } finally {
      await local.close();
    }
  });
});
