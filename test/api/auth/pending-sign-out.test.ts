import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '#server/db/schema';
import { SIGN_OUT_PENDING_COOKIE } from '#domain/sign-out';
import { createTestContext, createUser, ORIGIN, PASSWORD, signIn, as, type TestContext } from '../../support/app';

/**
 * 'Cerrar sesión' pressed offline (decision 346): the web app leaves the marker cookie,
 * and the first request that reaches the server with it ends the session, whatever it asks for.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const MARKER = `${SIGN_OUT_PENDING_COOKIE}=1`;
const me = (cookie: string) => ctx.app.inject({ url: '/api/me', headers: as(cookie) });

function tokenOf(cookie: string): string {
  const value = cookie.split('; ').find((part) => part.startsWith('jobby.session_token='))!.slice('jobby.session_token='.length);
  return decodeURIComponent(value).split('.')[0];
}

async function sessionExists(token: string): Promise<boolean> {
  return (await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token))).length > 0;
}

/** What the answer's Set-Cookie headers do to each cookie: its new value, '' when removed. */
function cookiesSet(response: { cookies: { name: string; value: string; maxAge?: number }[] }) {
  return Object.fromEntries(response.cookies.map((c) => [c.name, c.maxAge === 0 ? '' : c.value]));
}

describe('a sign-out pending on the device', () => {
  it('ends the session on the first read that carries it, and the old cookie is refused from then on', async () => {
    await createUser(ctx.db, { email: 'marcada@andes.cl' });
    const cookie = await signIn(ctx.app, 'marcada@andes.cl');
    expect((await me(cookie)).statusCode).toBe(200);

    const withMarker = await me(`${cookie}; ${MARKER}`);
    expect(withMarker.statusCode).toBe(401);
    expect(cookiesSet(withMarker)).toEqual({ [SIGN_OUT_PENDING_COOKIE]: '', 'jobby.session_token': '' });
    expect(await sessionExists(tokenOf(cookie))).toBe(false);
    // The old cookie alone (another copy of it, without the marker) is refused.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a public request ends it too (the page and its files, before any of the app runs)', async () => {
    await createUser(ctx.db, { email: 'pagina@andes.cl' });
    const cookie = await signIn(ctx.app, 'pagina@andes.cl');
    const health = await ctx.app.inject({ url: '/api/health', headers: { cookie: `${MARKER}; ${cookie}` } });
    expect(health.statusCode).toBe(200);
    expect(cookiesSet(health)[SIGN_OUT_PENDING_COOKIE]).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('the retried sign-out answers as a sign-out does, and ends the session', async () => {
    await createUser(ctx.db, { email: 'reintento@andes.cl' });
    const cookie = await signIn(ctx.app, 'reintento@andes.cl');
    const signOut = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: as(`${cookie}; ${MARKER}`), payload: {} });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.json()).toEqual({ success: true });
    expect(cookiesSet(signOut)).toMatchObject({ [SIGN_OUT_PENDING_COOKIE]: '', 'jobby.session_token': '' });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('someone signing in with the marker still there ends the old session and keeps the new one', async () => {
    await createUser(ctx.db, { email: 'anterior@andes.cl' });
    await createUser(ctx.db, { email: 'siguiente@andes.cl' });
    const previous = await signIn(ctx.app, 'anterior@andes.cl');
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json', cookie: `${previous}; ${MARKER}` },
      payload: { email: 'siguiente@andes.cl', password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const set = cookiesSet(signedIn);
    expect(set[SIGN_OUT_PENDING_COOKIE]).toBe('');
    expect(set['jobby.session_token']).not.toBe('');
    expect((await me(previous)).statusCode).toBe(401);
    const next = await me(`jobby.session_token=${set['jobby.session_token']}`);
    expect(next.statusCode).toBe(200);
    expect(next.json().email).toBe('siguiente@andes.cl');
  });

  it('without the marker nothing changes: the session stays', async () => {
    await createUser(ctx.db, { email: 'sinmarca@andes.cl' });
    const cookie = await signIn(ctx.app, 'sinmarca@andes.cl');
    const read = await me(`${cookie}; jobby.other=1`);
    expect(read.statusCode).toBe(200);
    expect(read.cookies).toEqual([]);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});
