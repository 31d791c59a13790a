/**
 * A stranger's wrong passwords throttle the account for everyone else, but not for
 * the owner on a browser that signed in before (device cookie); a sign-in refused before the password
 * is checked (origin, body) consumes no failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, ORIGIN, PASSWORD, type TestContext } from '../../support/app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ signInFailuresPerAccount: 10, signInFailuresPerAddress: 1000 });
});
afterAll(async () => ctx.close());

function attempt(email: string, password: string, headers: Record<string, string> = { origin: ORIGIN }, payload?: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: payload ?? { email, password } });
}

function deviceCookieOf(res: Awaited<ReturnType<typeof attempt>>): string {
  const cookie = res.cookies.find((c) => c.name === 'jobby.device');
  if (!cookie) throw new Error('no device cookie');
  return `jobby.device=${cookie.value}`;
}

describe('a stranger cannot lock a named person out', () => {
  it('after 10 failures from a stranger, the owner with the device cookie signs in; without it the account is throttled', async () => {
    await createUser(ctx.db, { email: 'duena@andes.cl' });
    const first = await attempt('duena@andes.cl', PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt('duena@andes.cl', `mala-${i}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);

    const withoutDevice = await attempt('duena@andes.cl', PASSWORD);
    expect(withoutDevice.statusCode).toBe(429);
    expect(withoutDevice.json().error.code).toBe('TOO_MANY_ATTEMPTS');

    const owner = await attempt('duena@andes.cl', PASSWORD, { origin: ORIGIN, cookie: device });
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
  });

  it('a device cookie of another account, or a forged one, counts as no device', async () => {
    await createUser(ctx.db, { email: 'otra@andes.cl' });
    await createUser(ctx.db, { email: 'blanco@andes.cl' });
    const other = deviceCookieOf(await attempt('otra@andes.cl', PASSWORD));
    for (let i = 0; i < 10; i++) await attempt('blanco@andes.cl', `mala-${i}`);
    expect((await attempt('blanco@andes.cl', PASSWORD, { origin: ORIGIN, cookie: other })).statusCode).toBe(429);
    const forged = `jobby.device=${other.split('=')[1].split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect((await attempt('blanco@andes.cl', PASSWORD, { origin: ORIGIN, cookie: forged })).statusCode).toBe(429);
  });

  it('the device holder is still limited: its own failures count under the device', async () => {
    await createUser(ctx.db, { email: 'propia@andes.cl' });
    const device = deviceCookieOf(await attempt('propia@andes.cl', PASSWORD));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt('propia@andes.cl', `mala-${i}`, { origin: ORIGIN, cookie: device })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('a sign-in refused before the password check counts nothing', () => {
  it('bad or missing Origin and invalid bodies leave the failures untouched', async () => {
    const local = await createTestContext({ signInFailuresPerAccount: 2, signInFailuresPerAddress: 2 });
    try {
      await createUser(local.db, { email: 'cuidada@andes.cl' });
      const send = (headers: Record<string, string>, payload: object) =>
        local.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload });
      const refused: number[] = [];
      for (let i = 0; i < 3; i++) {
        refused.push((await send({ origin: 'https://malicioso.example' }, { email: 'cuidada@andes.cl', password: 'mala' })).statusCode);
        // A cookie and no Origin: better-auth's own origin check refuses it.
        refused.push((await send({ cookie: 'jobby.session_token=viejo' }, { email: 'cuidada@andes.cl', password: 'mala' })).statusCode);
        refused.push((await send({ origin: ORIGIN }, { email: 'cuidada@andes.cl' })).statusCode);
        refused.push((await send({ origin: ORIGIN }, { email: 'no-es-correo', password: 'mala' })).statusCode);
      }
      expect(refused).toEqual(Array(3).fill([403, 403, 400, 400]).flat());
      const right = await send({ origin: ORIGIN }, { email: 'cuidada@andes.cl', password: PASSWORD });
      expect(right.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('Fetch Metadata without Origin (Node fetch: Sec-Fetch-Mode: cors) is refused and not counted: 10 of them, then the owner signs in', async () => {
    await createUser(ctx.db, { email: 'integracion@andes.cl' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // The right password each time: better-auth's CSRF check refuses it before any password is compared.
      statuses.push((await attempt('integracion@andes.cl', PASSWORD, { 'sec-fetch-mode': 'cors' })).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(403));
    // The other Fetch Metadata forms better-auth checks: any of the three headers, a cross-site navigation, a foreign Referer.
    const refusedForms: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-dest': 'empty' },
      { 'sec-fetch-site': 'same-site', referer: 'https://malicioso.example/x' },
    ];
    for (const headers of refusedForms) {
      expect((await attempt('integracion@andes.cl', 'mala-clave', headers)).statusCode, JSON.stringify(headers)).toBe(403);
    }
    // A normal sign-in, from a browser that never signed in here (no device cookie), is not throttled.
    const owner = await attempt('integracion@andes.cl', PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    // Fetch Metadata with a trusted Origin is a normal browser sign-in.
    expect((await attempt('integracion@andes.cl', PASSWORD, { origin: ORIGIN, 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});
