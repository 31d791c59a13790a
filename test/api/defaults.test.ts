/** Answers that protect every caller: no caching of API JSON, same-origin writes, docs for level 1 in production. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../support/app';

let ctx: TestContext;
let prod: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  prod = await createTestContext({ env: 'production' });
  await createUser(prod.db, { email: 'root@jobby.cl', level: 1 });
  await createUser(prod.db, { email: 'ana@andes.cl', level: 3 });
});
afterAll(async () => {
  await ctx.close();
  await prod.close();
});

describe('Cache-Control', () => {
  it('answers API JSON with no-store, errors included', async () => {
    for (const url of ['/api/health', '/api/me', '/api/config']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('state-changing calls from another site', () => {
  const signInFrom = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email: 'x@andes.cl', password: 'clave123' } });

  it('refuses another Origin and a cross-site fetch, and lets the app’s own origin through', async () => {
    const evil = await signInFrom({ origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.message).toBe('No tienes permiso para realizar esta acción');
    expect((await signInFrom({ origin: ORIGIN, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await signInFrom({ origin: ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401);
  });

  it('does not trust an origin built from the Host header', async () => {
    const res = await signInFrom({ host: 'evil.example', origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('API documentation', () => {
  it('is open in development', async () => {
    expect((await ctx.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
  });

  it('is for level 1 only in production', async () => {
    for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/json']) {
      expect((await prod.app.inject({ url })).statusCode, url).toBe(401);
      expect((await prod.app.inject({ url, headers: as(await signIn(prod.app, 'ana@andes.cl')) })).statusCode, url).toBe(403);
      expect([200, 302], url).toContain((await prod.app.inject({ url, headers: as(await signIn(prod.app, 'root@jobby.cl')) })).statusCode);
    }
  });
});
